import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Page } from '@/components/layout/page';
import { useT } from '@/lib/i18n/use-t';
import { saveBlob } from '@/lib/save-blob';
import { linesText, partialLine } from './console-buffer';
import {
  ALL_LEVELS,
  CONSOLE_LEVELS,
  consoleFileName,
  filterConsole,
  searchParts,
  type ConsoleLevel,
  type ConsoleLine,
} from './console-levels';
import { copyText } from './copy-text';
import { useConsoleSocket } from './use-console-socket';

/** The panel counts as scrolled to the end within this many pixels (sub-pixel rounding). */
const BOTTOM_SLACK_PX = 8;
const COPY_NOTICE_MS = 3_000;

type CopyState = 'idle' | 'copied' | 'failed';

const LEVEL_NAME_KEYS = {
  E: 'console.LevelE',
  W: 'console.LevelW',
  I: 'console.LevelI',
  D: 'console.LevelD',
  V: 'console.LevelV',
} as const satisfies Record<ConsoleLevel, string>;

// Literal class names: the build's CSS purge keeps only classes it finds written out.
const LINE_CLASS = {
  E: 'console-line console-level-E',
  W: 'console-line console-level-W',
  I: 'console-line console-level-I',
  D: 'console-line console-level-D',
  V: 'console-line console-level-V',
} as const satisfies Record<ConsoleLevel, string>;
const TOGGLE_CLASS = {
  E: 'console-level-toggle-E',
  W: 'console-level-toggle-W',
  I: 'console-level-toggle-I',
  D: 'console-level-toggle-D',
  V: 'console-level-toggle-V',
} as const satisfies Record<ConsoleLevel, string>;

/**
 * The web console, spec §2: 24 rows fed live, auto scroll, Clear and Copy; and what v26
 * firmware's console has, on every device: level filter, search, line count, download.
 */
export function ConsolePage() {
  const t = useT();
  const switchId = useId();
  const searchId = useId();
  const { buffer, online, clear } = useConsoleSocket();
  const [levels, setLevels] = useState<ReadonlySet<ConsoleLevel>>(ALL_LEVELS);
  // The search filters (only lines containing it stay) and marks each match in them.
  const [search, setSearch] = useState('');
  const all = useMemo(() => {
    const partial = partialLine(buffer);
    return partial ? [...buffer.lines, partial] : buffer.lines;
  }, [buffer]);
  const shown = useMemo(() => filterConsole(all, { levels, search }), [all, levels, search]);
  const panelRef = useRef<HTMLDivElement>(null);
  const [autoScroll, setAutoScroll] = useState(true);
  const [paused, setPaused] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');

  // The last scroll position seen, to tell the user scrolling up from a layout change.
  const lastTopRef = useRef(0);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel || !autoScroll) return;
    panel.scrollTop = panel.scrollHeight;
    lastTopRef.current = panel.scrollTop;
  }, [shown, autoScroll]);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  // Scrolling up to read stops the follow, so new lines do not pull the view away. A scroll
  // event that did not move up comes from layout (a resized or rotated window wraps the lines
  // anew, or our own jump to the end arrives a frame late): the follow goes on, at the new end.
  const onScroll = () => {
    const panel = panelRef.current;
    if (!panel) return;
    const movedUp = panel.scrollTop < lastTopRef.current;
    lastTopRef.current = panel.scrollTop;
    if (!autoScroll) return;
    const fromBottom = panel.scrollHeight - panel.scrollTop - panel.clientHeight;
    if (fromBottom <= BOTTOM_SLACK_PX) return;
    if (movedUp) {
      setAutoScroll(false);
      setPaused(true);
    } else {
      panel.scrollTop = panel.scrollHeight;
      lastTopRef.current = panel.scrollTop;
    }
  };

  const onAutoScroll = (on: boolean) => {
    setAutoScroll(on);
    setPaused(false);
  };

  const toggleLevel = (level: ConsoleLevel, on: boolean) =>
    setLevels((current) => {
      const next = new Set(current);
      if (on) next.add(level);
      else next.delete(level);
      return next;
    });

  // Copy and download take what is shown: the filter decides what an owner shares.
  const onCopy = async () => {
    setCopy((await copyText(linesText(shown))) ? 'copied' : 'failed');
  };
  const onDownload = () => {
    const text = shown.length === 0 ? '' : `${linesText(shown)}\n`;
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), consoleFileName(new Date()));
  };

  return (
    <Page title={t('console.Console')} socketOnline={online}>
      <section className="card">
        <h2 className="card-header h6 mb-0 py-2">{t('console.VirtualDebugConsole')}</h2>
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <div className="form-check form-switch mb-0 me-auto">
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                className="form-check-input"
                checked={autoScroll}
                onChange={(event) => onAutoScroll(event.target.checked)}
              />
              <label className="form-check-label" htmlFor={switchId}>
                {t('console.EnableAutoScroll')}
              </label>
            </div>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={clear}>
                {t('console.ClearConsole')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => void onCopy()}
              >
                {t('console.CopyToClipboard')}
              </button>
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={onDownload}>
                {t('console.Download')}
              </button>
            </div>
          </div>

          <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
            <fieldset className="console-levels">
              <legend className="form-label small mb-1">{t('console.Levels')}</legend>
              <div className="btn-group btn-group-sm">
                {CONSOLE_LEVELS.map((level) => (
                  <LevelToggle
                    key={level}
                    level={level}
                    name={t(LEVEL_NAME_KEYS[level])}
                    checked={levels.has(level)}
                    onChange={(on) => toggleLevel(level, on)}
                  />
                ))}
              </div>
            </fieldset>
            <div className="console-search flex-grow-1">
              <label className="form-label small mb-1" htmlFor={searchId}>
                {t('console.Search')}
              </label>
              <input
                id={searchId}
                type="search"
                className="form-control form-control-sm"
                value={search}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>

          <div
            ref={panelRef}
            className="console-panel"
            role="log"
            // Lines arrive many a second: announcing each would drown a screen reader.
            aria-live="off"
            aria-label={t('console.Output')}
            tabIndex={0}
            onScroll={onScroll}
          >
            {shown.map((line) => (
              <ConsoleRow key={line.id} line={line} search={search} />
            ))}
          </div>
          <div className="d-flex flex-wrap gap-2 small mt-2">
            <span className="me-auto" data-testid="console-count">
              {t('console.LinesShown', { shown: shown.length, total: all.length })}
            </span>
            <span className="text-body-secondary">{t('console.LevelsHint')}</span>
          </div>
          <div className="small mt-1" role="status" style={{ minHeight: '1.5em' }}>
            {paused && (
              <span className="text-warning-emphasis">{t('console.AutoScrollPaused')}</span>
            )}
            {copy === 'copied' && (
              <span className="text-success-emphasis">{t('console.Copied')}</span>
            )}
            {copy === 'failed' && (
              <span className="text-danger-emphasis">{t('console.CopyFailed')}</span>
            )}
          </div>
        </div>
      </section>
    </Page>
  );
}

interface LevelToggleProps {
  level: ConsoleLevel;
  name: string;
  checked: boolean;
  onChange(on: boolean): void;
}

/** One level on or off: the letter as the device prints it, its name for screen readers. */
function LevelToggle({ level, name, checked, onChange }: LevelToggleProps) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        type="checkbox"
        className="btn-check"
        // The letter leads the name, so speaking what is seen ("E") finds the toggle.
        aria-label={`${level} ${name}`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label
        className={`btn btn-outline-secondary console-level-toggle ${TOGGLE_CLASS[level]}`}
        htmlFor={id}
        title={name}
      >
        {level}
      </label>
    </>
  );
}

/** One line, drawn again only when it or the search changes (new lines leave the rest alone). */
const ConsoleRow = memo(function ConsoleRow({
  line,
  search,
}: {
  line: ConsoleLine;
  search: string;
}) {
  const className = line.level ? LINE_CLASS[line.level] : 'console-line';
  return (
    <div className={className}>
      {searchParts(line.text, search).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : part.text,
      )}
    </div>
  );
});
