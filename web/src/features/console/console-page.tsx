import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Page } from '@/components/layout/page';
import { useT } from '@/lib/i18n/use-t';
import { consoleText } from './console-buffer';
import { copyText } from './copy-text';
import { useConsoleSocket } from './use-console-socket';

/** The text area counts as scrolled to the end within this many pixels (sub-pixel rounding). */
const BOTTOM_SLACK_PX = 8;
const COPY_NOTICE_MS = 3_000;

type CopyState = 'idle' | 'copied' | 'failed';

/** The web console, spec §2: 24 read-only rows fed live, auto scroll, Clear and Copy. */
export function ConsolePage() {
  const t = useT();
  const switchId = useId();
  const { buffer, online, clear } = useConsoleSocket();
  const text = consoleText(buffer);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [autoScroll, setAutoScroll] = useState(true);
  const [paused, setPaused] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');

  // The last scroll position seen, to tell the user scrolling up from a layout change.
  const lastTopRef = useRef(0);

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area || !autoScroll) return;
    area.scrollTop = area.scrollHeight;
    lastTopRef.current = area.scrollTop;
  }, [text, autoScroll]);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  // Scrolling up to read stops the follow, so new lines do not pull the view away. A scroll
  // event that did not move up comes from layout (a resized or rotated window wraps the lines
  // anew, or our own jump to the end arrives a frame late): the follow goes on, at the new end.
  const onScroll = () => {
    const area = areaRef.current;
    if (!area) return;
    const movedUp = area.scrollTop < lastTopRef.current;
    lastTopRef.current = area.scrollTop;
    if (!autoScroll) return;
    const fromBottom = area.scrollHeight - area.scrollTop - area.clientHeight;
    if (fromBottom <= BOTTOM_SLACK_PX) return;
    if (movedUp) {
      setAutoScroll(false);
      setPaused(true);
    } else {
      area.scrollTop = area.scrollHeight;
      lastTopRef.current = area.scrollTop;
    }
  };

  const onAutoScroll = (on: boolean) => {
    setAutoScroll(on);
    setPaused(false);
  };

  const onCopy = async () => {
    setCopy((await copyText(text, areaRef.current)) ? 'copied' : 'failed');
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
            <div className="d-flex gap-2">
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
            </div>
          </div>

          <textarea
            ref={areaRef}
            className="form-control console-panel"
            rows={24}
            readOnly
            spellCheck={false}
            aria-label={t('console.Output')}
            value={text}
            onScroll={onScroll}
          />
          <div className="small mt-2" role="status" style={{ minHeight: '1.5em' }}>
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
