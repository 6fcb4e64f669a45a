import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface EditTab<K extends string> {
  id: K;
  label: string;
  invalid: boolean;
  panel: ReactNode;
}

interface EditTabsProps<K extends string> {
  label: string;
  /** Spoken after the name of a tab that holds invalid values. */
  invalidLabel: string;
  tabs: readonly EditTab<K>[];
  active: K;
  onSelect(id: K): void;
}

/**
 * WAI-ARIA tabs with automatic activation (arrows, Home, End; only the selected tab in the Tab
 * order). Panels stay mounted while hidden, so the form keeps one set of values.
 */
export function EditTabs<K extends string>(props: EditTabsProps<K>) {
  const { label, invalidLabel, tabs, active, onSelect } = props;
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = tabs[targets[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-tab-${next.id}`)}`)?.focus();
  };
  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="nav nav-tabs flex-nowrap mb-3"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            className={`nav-link px-2 px-sm-3${tab.id === active ? ' active' : ''}${tab.invalid ? ' text-danger' : ''}`}
            aria-selected={tab.id === active}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {tab.invalid && (
              <>
                <span className="badge rounded-pill text-bg-danger ms-2" aria-hidden="true">
                  !
                </span>
                <span className="visually-hidden">{` (${invalidLabel})`}</span>
              </>
            )}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${base}-panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== active}
        >
          {tab.panel}
        </div>
      ))}
    </>
  );
}
