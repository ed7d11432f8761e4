import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './Button.tsx';
import { cx } from './cx.ts';
import { ChevronDownIcon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';

/** The list's width (w-80) and the margin it keeps from the screen's edges, in px. */
const MENU_WIDTH = 320;
const EDGE = 16;

export interface MenuItem {
  key: string;
  label: string;
  /** A second, smaller line: what choosing it does. */
  description?: string;
}

export interface MenuProps {
  /** The button's text; also names the menu for screen readers. */
  label: string;
  items: readonly MenuItem[];
  onSelect: (key: string) => void;
  /** Shows a spinner on the button and ignores choices while a choice is being carried out. */
  busy?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shown instead of the items when there are none (still loading, or failed). */
  empty?: ReactNode;
  align?: 'left' | 'right';
  className?: string;
}

/** A menu button (WAI-ARIA menu pattern): opens with Enter, Space or ArrowDown on the button; the
 *  arrows, Home and End move between items; Escape or a click outside closes it and focus returns to
 *  the button. */
export function Menu({ label, items, onSelect, busy = false, variant = 'secondary', size, empty, align = 'left', className }: MenuProps) {
  const [open, setOpen] = useState(false);
  // The side the list opens to: the preferred one, unless the list would leave the screen there.
  const [side, setSide] = useState(align);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const focusItem = (i: number) => itemRefs.current[(i + items.length) % items.length]?.focus();
  const openMenu = () => {
    const r = buttonRef.current?.getBoundingClientRect();
    const fitsRight = !r || r.right >= MENU_WIDTH + EDGE;
    const fitsLeft = !r || r.left + MENU_WIDTH + EDGE <= window.innerWidth;
    setSide(align === 'right' ? (fitsRight || !fitsLeft ? 'right' : 'left') : fitsLeft || !fitsRight ? 'left' : 'right');
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
    // focusItem reads refs only; opening is what should move the focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const at = itemRefs.current.findIndex((el) => el === document.activeElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(at + 1),
      ArrowUp: () => focusItem(at - 1),
      Home: () => focusItem(0),
      End: () => focusItem(items.length - 1),
      Escape: () => close(true),
      Tab: () => setOpen(false),
    };
    const move = moves[e.key];
    if (!move) return;
    if (e.key !== 'Tab') e.preventDefault();
    move();
  };

  return (
    <div className={cx('relative', className)} ref={ref}>
      <Button
        ref={buttonRef}
        variant={variant}
        size={size}
        loading={busy}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            openMenu();
          }
        }}
      >
        {label}
        {!busy && <ChevronDownIcon className={cx('size-4 transition-transform', open && 'rotate-180')} />}
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className={cx(
            'absolute z-30 mt-2 max-h-[70vh] w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900',
            side === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {items.length === 0 && <div className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">{empty ?? <Spinner label="Loading" />}</div>}
          {items.map((item, i) => (
            <button
              key={item.key}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={busy}
              onClick={() => {
                close(true);
                onSelect(item.key);
              }}
              className="block w-full rounded-md px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
            >
              <span className="block text-sm font-medium text-slate-800 dark:text-slate-100">{item.label}</span>
              {item.description && <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">{item.description}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
