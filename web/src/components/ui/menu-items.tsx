import type { ReactNode } from 'react';
import { useMenu } from './dropdown-menu';

/** A divider between groups of a dropdown menu. */
export function MenuDivider() {
  return (
    <li role="none">
      <hr className="dropdown-divider" />
    </li>
  );
}

interface MenuItemProps {
  onSelect(): void;
  /** Set for one of a group of choices (theme, language): a menuitemradio. */
  checked?: boolean;
  lang?: string;
  children: ReactNode;
}

/** An action item of a dropdown menu; closes the menu when chosen. */
export function MenuItem({ onSelect, checked, lang, children }: MenuItemProps) {
  const { close } = useMenu();
  return (
    <li role="none">
      <button
        type="button"
        tabIndex={-1}
        lang={lang}
        className={`dropdown-item d-flex align-items-center gap-2${checked ? ' active' : ''}`}
        role={checked === undefined ? 'menuitem' : 'menuitemradio'}
        {...(checked === undefined ? {} : { 'aria-checked': checked })}
        onClick={() => {
          onSelect();
          close(true);
        }}
      >
        {children}
      </button>
    </li>
  );
}
