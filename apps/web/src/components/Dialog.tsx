import { type ReactNode, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { CloseIcon } from './Icons';

/**
 * The dialogs open on the page that the member opened or is working in (every `Dialog` but one that
 * `yields`): a dialog that gives way, the important announcements, waits until none is left.
 */
const openDialogs = new Set<string>();
const listeners = new Set<() => void>();
function changeOpen(id: string, open: boolean): void {
  if (open) openDialogs.add(id);
  else openDialogs.delete(id);
  for (const l of listeners) l();
}
function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Whether a dialog other than the ones that yield is open (false on the server: none is). */
export function useOtherDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openDialogs.size > 0,
    () => false,
  );
}

interface Props {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Max width in px (docs/rules/member-site.md §9: notification 400, member menu 480, event 800). */
  width: number;
  /** Persistent dialogs ignore Escape and backdrop clicks; only their own buttons close them. */
  persistent?: boolean;
  /**
   * A dialog that gives way (the important announcements): not counted by `useOtherDialogOpen`, so
   * its owner can wait for the others to close.
   */
  yields?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A modal on the native `<dialog>`: the browser keeps focus inside it and makes the rest of the
 * page inert, so no focus-trap library is needed. Rendered open on the server (the important
 * announcements, entry-server.tsx), it comes in the markup with the `open` attribute, shown but not
 * yet modal (styles/global.css), its close button working without scripts (`method="dialog"`);
 * hydration makes it modal where it stands.
 */
export function Dialog({
  open,
  onClose,
  title,
  width,
  persistent,
  yields,
  children,
  footer,
  className,
  testId,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open || yields) return;
    changeOpen(titleId, true);
    return () => changeOpen(titleId, false);
  }, [open, yields, titleId]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.matches(':modal')) {
      if (d.open) d.close();
      d.showModal();
    }
    if (!open && d.open) d.close();
    if (!open) d.removeAttribute('data-from-server');
  }, [open]);
  const fromServer = typeof document === 'undefined' && open;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; keyboards close through the native cancel event
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      style={{ maxWidth: width }}
      aria-labelledby={titleId}
      data-testid={testId}
      // Only the server's markup carries these; the browser leaves them to the effect above.
      open={fromServer || undefined}
      data-from-server={fromServer ? '' : undefined}
      suppressHydrationWarning
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
            <form method="dialog" className="dialog__close-form">
              <button
                type="submit"
                className="icon-btn dialog__close"
                // With scripts the dialog's owner closes it (the form's native close is for a page
                // whose scripts have not run).
                onClick={(e) => {
                  e.preventDefault();
                  onClose();
                }}
                aria-label="ปิด"
              >
                <CloseIcon />
              </button>
            </form>
          </header>
          <div className="dialog__body">{children}</div>
          {footer && <footer className="dialog__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
