import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/lib/i18n/use-t';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'xl';
  /** Receives focus on open; else the first focusable element of the body, then the footer. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A backdrop click does not close (forms with unsaved input). */
  staticBackdrop?: boolean;
}

/**
 * A modal dialog after the WAI-ARIA dialog pattern, state-driven (architecture §6.8): focus
 * moves in on open, Tab and Shift+Tab stay inside, Escape closes, and focus returns to where it
 * was. The rest of the page is inert meanwhile. Emits Bootstrap modal markup.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { open, onClose, title, children, footer, size, initialFocus, staticBackdrop } = props;
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    document.body.classList.add('modal-open');
    const dialog = dialogRef.current;
    const body = dialog?.querySelector<HTMLElement>('.modal-body');
    const target =
      initialFocus?.current ??
      body?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog?.querySelector<HTMLElement>(`.modal-footer ${FOCUSABLE.split(',')[1]}`) ??
      dialog;
    target?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.body.classList.remove('modal-open');
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return event.preventDefault();
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      <div
        ref={dialogRef}
        className="modal fade show d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          if (!staticBackdrop && event.target === event.currentTarget) onCloseRef.current();
        }}
      >
        <div className={`modal-dialog modal-dialog-centered${size ? ` modal-${size}` : ''}`}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title fs-5" id={titleId}>
                {title}
              </h2>
              <button
                type="button"
                className="btn-close"
                aria-label={t('base.Close')}
                onClick={() => onCloseRef.current()}
              />
            </div>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop fade show" />
    </>,
    document.body,
  );
}
