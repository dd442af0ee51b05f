import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './Icons';

interface Props {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Max width in px (spec §9: notification 400, member menu 480, event 800). */
  width: number;
  /** Persistent dialogs ignore Escape and backdrop clicks; only their own buttons close them. */
  persistent?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A modal on the native `<dialog>`: the browser keeps focus inside it and makes the rest of the
 * page inert, so no focus-trap library is needed.
 */
export function Dialog({
  open,
  onClose,
  title,
  width,
  persistent,
  children,
  footer,
  className,
  testId,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; keyboards close through the native cancel event
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      style={{ maxWidth: width }}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!persistent) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current && !persistent) onClose();
      }}
    >
      {open && (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="icon-btn dialog__close" onClick={onClose} aria-label="ปิด">
              <CloseIcon />
            </button>
          </header>
          <div className="dialog__body">{children}</div>
          {footer && <footer className="dialog__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
