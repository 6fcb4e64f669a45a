import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: string;
  /** Marks the tab when a field on it shows a problem. */
  invalid?: boolean;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Spoken after a tab's name when it holds invalid values. */
  invalidLabel: string;
  tabs: readonly TabItem<K>[];
  active: K;
  onSelect(id: K): void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select (wrapping round), Home/End
 * jump, only the selected tab is in the Tab order. Every panel stays mounted (hidden), so a
 * form keeps one set of inputs and the first invalid one can be found on any tab. The tabs
 * stay on one row with narrower padding on phones (360 px fits three German or French tabs).
 */
export function Tabs<K extends string>({
  label,
  invalidLabel,
  tabs,
  active,
  onSelect,
}: TabsProps<K>) {
  const base = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = (id: K) => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        className="nav nav-tabs flex-nowrap mb-3"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className={`nav-link px-2 px-sm-3${selected ? ' active' : ''}${tab.invalid ? ' text-danger' : ''}`}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
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
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={panelId(tab.id)}
          role="tabpanel"
          aria-labelledby={tabId(tab.id)}
          tabIndex={0}
          hidden={tab.id !== active}
        >
          {tab.panel}
        </div>
      ))}
    </>
  );
}
