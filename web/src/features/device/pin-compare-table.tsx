import type { PinCategory } from '@heliodtu/contract/domain/pin-mapping-file';
import { useT, useTranslateAny } from '@/lib/i18n/use-t';
import type { PinCategoryRows, PinValue } from './pin-compare';

/** Display controller types of `display.type` (wire-contract §4.7); 0 is "none". */
const DISPLAY_TYPES = ['', 'PCD8544', 'SSD1306', 'SH1106', 'SSD1309', 'ST7567_GM12864I_59N'];

function PinCell({
  category,
  name,
  value,
}: {
  category: PinCategory;
  name: string;
  value: PinValue;
}) {
  const t = useT();
  if (value === undefined) {
    // A dash keeps the narrow columns readable; screen readers hear the words.
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('pinmapping.Unset')}</span>
      </>
    );
  }
  if (typeof value === 'boolean')
    return <>{t(value ? 'pinmapping.Enabled' : 'pinmapping.Disabled')}</>;
  if (category === 'display' && name === 'type') {
    const type = value === 0 ? t('pinmapping.DisplayNone') : DISPLAY_TYPES[value];
    return <>{type ? `${type} (${value})` : value}</>;
  }
  return <>{value}</>;
}

/** One category's selected-against-active table; differing rows are highlighted (spec §2). */
export function PinCompareTable({ category, rows }: PinCategoryRows) {
  const t = useT();
  const tAny = useTranslateAny();
  const title = tAny(`pinmapping.${category}`);
  return (
    <div className="table-responsive mb-3">
      {/* Fixed columns, so the tables side by side line up whatever their values. */}
      <table className="table table-sm align-middle mb-0" style={{ tableLayout: 'fixed' }}>
        <caption className="caption-top fw-semibold text-body">
          {title}
          <span className="visually-hidden">{` – ${t('pinmapping.Caption', { category: title })}`}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('pinmapping.Name')}</th>
            <th scope="col">{t('pinmapping.ValueSelected')}</th>
            <th scope="col">{t('pinmapping.ValueActive')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className={row.differs ? 'table-warning' : undefined}>
              <th scope="row" className="font-monospace fw-normal">
                {row.name}
                {row.differs && (
                  <>
                    <span className="ms-2 fw-bold" aria-hidden="true">
                      ≠
                    </span>
                    <span className="visually-hidden">{` (${t('pinmapping.Differs')})`}</span>
                  </>
                )}
              </th>
              <td>
                <PinCell category={category} name={row.name} value={row.selected} />
              </td>
              <td>
                <PinCell category={category} name={row.name} value={row.active} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
