import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button, and on a click on the backdrop (unless dismissible is false). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, right-aligned. */
  footer?: ReactNode;
  /** false: only the dialog's own buttons close it (no Escape, backdrop or ×). */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/** The controls Tab stops at inside `root`, in order (of a group of radios, only the checked one, or
 *  every one while none is checked). */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const tabStop = (el: HTMLElement, root: HTMLElement) =>
  !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && root.querySelector(`input[type="radio"][name="${CSS.escape(el.name)}"]:checked`));
const tabbable = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && tabStop(el, root));

/**
 * A modal on the native <dialog> element: the page behind it is inert, Escape closes it, and it is
 * labelled by its title for screen readers. The keyboard stays inside: focus moves in when it opens,
 * Tab from the last control wraps to the first and Shift+Tab from the first to the last (the browser
 * alone would let it leave for its own toolbar), and closing hands focus back to the control that
 * opened it (done here, as the browser's own return is lost when React removes the focused content first).
 */
export function Dialog({ open, onClose, title, description, children, footer, dismissible = true, size = 'md', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      if (!d.contains(document.activeElement)) (tabbable(d)[0] ?? d).focus();
    }
    if (!open && d.open) {
      d.close();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  // Escape that a control inside used (a combobox closing its suggestions) is not the dialog's: the
  // browser still sends the dialog its cancel after that keydown, which would lose the whole form.
  const escapeUsedInside = useRef(false);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') escapeUsedInside.current = e.defaultPrevented;
    keepFocusInside(e);
  };

  const keepFocusInside = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const stops = tabbable(ref.current);
    if (stops.length === 0) return e.preventDefault();
    const first = stops[0];
    const last = stops[stops.length - 1];
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && at === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault(); // the parent owns `open`
        const used = escapeUsedInside.current;
        escapeUsedInside.current = false;
        if (dismissible && !used) onClose();
      }}
      onClick={(e) => {
        if (dismissible && e.target === ref.current) onClose(); // a click on the backdrop
      }}
      className={cx(
        'm-auto w-[calc(100%-2rem)] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        widths[size],
        className,
      )}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <div>
              <h2 id={titleId} className="text-base font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </p>
              )}
            </div>
            {dismissible && (
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-slate-100"
              >
                <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            )}
          </div>
          {children && <div className="overflow-y-auto px-5 py-4 text-sm">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
