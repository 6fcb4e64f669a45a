import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

const MenuContext = createContext<{ close(focusButton: boolean): void }>({ close: () => {} });

/** The menu's closer, for items that act when chosen. */
export const useMenu = () => useContext(MenuContext);

interface MenuButtonProps {
  label: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  align?: 'start' | 'end';
  /** 'li' inside a navbar list, 'div' anywhere else. */
  wrapper?: 'li' | 'div';
  toggleClassName?: string;
  /**
   * Starts what the items need (a request), as late as it can be and early enough: when the
   * pointer or the focus comes to the button, and when the menu opens. May be called often.
   */
  onPrepare?: () => void;
  children: ReactNode;
}

const ITEMS = '[role^="menuitem"]:not([aria-disabled="true"])';

/**
 * A menu button after the WAI-ARIA Authoring Practices: Enter, Space or ArrowDown open the menu
 * on its first item, ArrowUp on its last; arrows, Home and End move; Escape closes and returns
 * focus to the button; Tab and a click outside close. Emits Bootstrap dropdown markup.
 */
export function MenuButton(props: MenuButtonProps) {
  const { label, ariaLabel, align = 'start', wrapper = 'li', onPrepare, children } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapperRef = useRef<HTMLLIElement & HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);
  const openAt = (where: 'first' | 'last') => {
    pendingFocus.current = where;
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    onPrepare?.();
    if (pendingFocus.current) {
      const list = items();
      (pendingFocus.current === 'first' ? list[0] : list[list.length - 1])?.focus();
      pendingFocus.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onPrepare]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') openAt('first');
    else if (event.key === 'ArrowUp') openAt('last');
    else if (event.key === 'Escape' && open) close(true);
    else return;
    event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const Wrapper = wrapper;
  return (
    <Wrapper ref={wrapperRef} className={wrapper === 'li' ? 'nav-item dropdown' : 'dropdown'}>
      <button
        ref={buttonRef}
        id={`${id}-button`}
        type="button"
        className={props.toggleClassName ?? 'nav-link dropdown-toggle'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        // detail 0: Enter or Space, which open on the first item; a pointer click only opens.
        onClick={(event) => {
          if (open) setOpen(false);
          else if (event.detail === 0) openAt('first');
          else setOpen(true);
        }}
        onKeyDown={onButtonKeyDown}
        {...(onPrepare ? { onPointerEnter: onPrepare, onFocus: onPrepare } : {})}
      >
        {label}
      </button>
      <ul
        ref={menuRef}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        data-bs-popper="static"
        hidden={!open}
        className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        onKeyDown={onMenuKeyDown}
      >
        <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
      </ul>
    </Wrapper>
  );
}
