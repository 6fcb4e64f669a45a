import chevronLeft from 'bootstrap-icons/icons/chevron-left.svg?raw';
import chevronRight from 'bootstrap-icons/icons/chevron-right.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import {
  monthOf,
  shiftSelection,
  yearOf,
  type HistoryBounds,
  type HistorySelection,
} from '../history-view';

export interface PeriodNavProps {
  selection: HistorySelection;
  bounds: HistoryBounds;
  onChange(next: HistorySelection): void;
}

const STEP_KEYS = {
  day: ['history.PreviousDay', 'history.NextDay'],
  month: ['history.PreviousMonth', 'history.NextMonth'],
  year: ['history.PreviousYear', 'history.NextYear'],
} as const;

/** Previous / picker / next for the day, month and year views, kept within the recorded days. */
export function PeriodNav({ selection, bounds, onChange }: PeriodNavProps) {
  const t = useT();
  const { view, date } = selection;
  if (view === 'lifetime') return null;
  const [previousKey, nextKey] = STEP_KEYS[view];
  const previous = shiftSelection(selection, -1, bounds);
  const next = shiftSelection(selection, 1, bounds);
  const first = bounds.firstDay ?? bounds.today;
  const years: string[] = [];
  for (let y = Number(yearOf(bounds.today)); y >= Number(yearOf(first)); y--) years.push(String(y));

  const picker =
    view === 'day' ? (
      <input
        type="date"
        className="form-control form-control-sm"
        aria-label={t('history.Date')}
        value={date}
        min={first}
        max={bounds.today}
        required
        onChange={(e) => {
          const value = e.target.value;
          if (value && value >= first && value <= bounds.today) onChange({ view, date: value });
        }}
      />
    ) : view === 'month' ? (
      <input
        type="month"
        className="form-control form-control-sm"
        aria-label={t('history.Month')}
        value={monthOf(date)}
        min={monthOf(first)}
        max={monthOf(bounds.today)}
        required
        onChange={(e) => {
          const value = e.target.value;
          if (
            /^\d{4}-\d{2}$/.test(value) &&
            value >= monthOf(first) &&
            value <= monthOf(bounds.today)
          )
            onChange({ view, date: `${value}-01` });
        }}
      />
    ) : (
      <select
        className="form-select form-select-sm"
        aria-label={t('history.Year')}
        value={yearOf(date)}
        onChange={(e) => onChange({ view, date: `${e.target.value}-01-01` })}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    );

  return (
    <div className="input-group input-group-sm flex-nowrap w-auto">
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={!previous}
        onClick={() => previous && onChange(previous)}
        title={t(previousKey)}
      >
        <Icon svg={chevronLeft} />
        <span className="visually-hidden">{t(previousKey)}</span>
      </button>
      {picker}
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={!next}
        onClick={() => next && onChange(next)}
        title={t(nextKey)}
      >
        <Icon svg={chevronRight} />
        <span className="visually-hidden">{t(nextKey)}</span>
      </button>
    </div>
  );
}
