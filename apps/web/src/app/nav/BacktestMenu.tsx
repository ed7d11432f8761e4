import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon, cx } from '../../components/index.ts';
import { BACKTEST_LINKS, isBacktestPath } from './links.ts';
import { navLinkClass } from './styles.ts';

/** The desktop Backtest dropdown: a disclosure button (Escape and outside clicks close it). */
export function BacktestMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const active = isBacktestPath(pathname);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- the menu closes when a link was followed (the route changed)
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="backtest-menu"
        data-active={active || undefined}
        onClick={() => setOpen((o) => !o)}
        className={cx(navLinkClass(active), 'gap-1')}
      >
        Backtest
        <ChevronDownIcon className={cx('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id="backtest-menu"
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1.5 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg ring-1 ring-black/5 dark:border-slate-700 dark:bg-slate-900"
      >
        <ul>
          {BACKTEST_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                onClick={() => setOpen(false)}
                className={({ isActive }) =>
                  cx(
                    'block rounded-md px-3 py-2 text-sm',
                    isActive
                      ? 'bg-blue-50 font-medium text-blue-700 dark:bg-blue-500/15 dark:text-blue-300'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                  )
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
