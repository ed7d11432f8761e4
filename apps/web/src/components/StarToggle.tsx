import { useEffect, useId, useRef, useState } from 'react';
import { firstMessage, ApiError } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { defaultList, lastUsedList, useStarActions, useWatchlistIndex } from '../lib/watchlistStar.ts';
import { cx } from './cx.ts';
import { ChevronDownIcon, StarIcon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';

export interface StarToggleProps {
  symbol: string;
  className?: string;
}

/** The watchlist star: filled when the symbol is in any of the user's lists. One click adds
 *  it to the default list (the last one used) or takes it out of that list; the arrow beside it opens
 *  a small menu to put it in or take it out of any list. Renders nothing for a visitor. */
export function StarToggle({ symbol, className }: StarToggleProps) {
  const { isAuthenticated } = useAuth();
  const index = useWatchlistIndex(isAuthenticated);
  const actions = useStarActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const arrowRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitemcheckbox"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (!isAuthenticated) return null;
  const lists = index.data?.lists ?? [];
  const upper = symbol.toUpperCase();
  const holding = lists.filter((l) => l.symbols.includes(upper));
  const target = defaultList(lists, lastUsedList());
  const targetList = lists.find((l) => l.id === target);
  const inTarget = targetList?.symbols.includes(upper) ?? false;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e instanceof ApiError && firstMessage(e.body)) || (e as Error).message || 'Failed');
    } finally {
      setBusy(false);
    }
  };
  const toggle = () =>
    run(async () => {
      if (!targetList) await actions.createWith(upper);
      else if (inTarget) await actions.remove(targetList.id, upper);
      else await actions.add(targetList.id, upper);
    });

  const label = targetList ? (inTarget ? `Remove ${upper} from ${targetList.name}` : `Add ${upper} to ${targetList.name}`) : `Add ${upper} to a new watchlist`;
  const title = holding.length ? `${upper} is in ${holding.map((l) => l.name).join(', ')}` : label;
  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemcheckbox"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Escape') {
      setOpen(false);
      arrowRef.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <span ref={ref} className={cx('relative inline-flex items-center', className)} data-star={upper}>
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={busy || index.isPending}
        aria-pressed={holding.length > 0}
        aria-label={label}
        title={error ?? title}
        className={cx(
          'inline-flex size-7 items-center justify-center rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-wait dark:hover:bg-slate-800',
          holding.length ? 'text-amber-500' : 'text-slate-400 hover:text-slate-600 dark:text-slate-500 dark:hover:text-slate-300',
          error && 'text-red-500',
        )}
      >
        {busy ? <Spinner /> : <StarIcon className="size-4" filled={holding.length > 0} />}
      </button>
      {lists.length > 0 && (
        <button
          ref={arrowRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={`Choose watchlists for ${upper}`}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex h-7 w-4 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:bg-slate-800"
        >
          <ChevronDownIcon className="size-3" />
        </button>
      )}
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`Watchlists for ${upper}`}
          onKeyDown={onMenuKey}
          className="absolute top-full left-0 z-30 mt-1 max-h-64 w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-left text-sm font-normal shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {lists.map((l) => {
            const has = l.symbols.includes(upper);
            return (
              <button
                key={l.id}
                type="button"
                role="menuitemcheckbox"
                aria-checked={has}
                tabIndex={-1}
                disabled={busy}
                onClick={() => void run(() => (has ? actions.remove(l.id, upper) : actions.add(l.id, upper)))}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <StarIcon className={cx('size-4 shrink-0', has ? 'text-amber-500' : 'text-slate-400')} filled={has} />
                <span className="truncate">{l.name}</span>
              </button>
            );
          })}
        </div>
      )}
    </span>
  );
}
