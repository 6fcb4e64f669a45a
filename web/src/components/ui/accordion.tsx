import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface AccordionSection {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  sections: AccordionSection[];
  /** Ids open at first. */
  defaultOpen?: string[];
  headingLevel?: 2 | 3 | 4;
}

/**
 * The WAI-ARIA accordion pattern in Bootstrap markup: each header is a button in a heading
 * with aria-expanded and aria-controls; ArrowUp/ArrowDown/Home/End move between headers.
 */
export function Accordion({ sections, defaultOpen = [], headingLevel = 2 }: AccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen));
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const headers = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>(
        ':scope > .accordion-item > * > .accordion-button',
      ),
    );
    const index = headers.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const target =
      event.key === 'ArrowDown'
        ? headers[(index + 1) % headers.length]
        : event.key === 'ArrowUp'
          ? headers[(index - 1 + headers.length) % headers.length]
          : event.key === 'Home'
            ? headers[0]
            : event.key === 'End'
              ? headers[headers.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div className="accordion" onKeyDown={onKeyDown}>
      {sections.map((section) => {
        const isOpen = open.has(section.id);
        const headerId = `${baseId}-${section.id}-header`;
        const panelId = `${baseId}-${section.id}-panel`;
        return (
          <div className="accordion-item" key={section.id}>
            <Heading className="accordion-header">
              <button
                id={headerId}
                type="button"
                className={`accordion-button${isOpen ? '' : ' collapsed'}`}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(section.id)}
              >
                {section.title}
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              hidden={!isOpen}
              className={`accordion-collapse collapse${isOpen ? ' show' : ''}`}
            >
              <div className="accordion-body">{section.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
