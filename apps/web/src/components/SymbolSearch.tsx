import { useState, type ComponentPropsWithRef, type KeyboardEvent } from 'react';
import type { SymbolMatch } from '@app/contract';
import { moveActive, searchTerm, useSuggestions, useSymbolSearch } from '../lib/symbolSearch.ts';
import { Link } from 'react-router';
import { MARKET_DATA_PATH } from '../lib/marketStatus.ts';
import { Badge } from './Badge.tsx';
import { DemoMarketNote } from './DemoMarketNote.tsx';
import { MARKET_DATA_LINK } from './marketDataText.ts';
import { cx } from './cx.ts';
import { controlClass, useField, type FieldProps } from './Field.tsx';
import { Spinner } from './Spinner.tsx';
import { SYMBOL_SEARCH_TEXT } from './symbolSearchText.ts';

export interface SymbolSearchProps extends Omit<ComponentPropsWithRef<'input'>, 'size' | 'value' | 'onChange' | 'role'>, FieldProps {
  value: string;
  /** The text as typed (the form decides how it is stored, e.g. upper-cased), or a picked ticker. */
  onValueChange: (value: string) => void;
  /** A listing was chosen from the list (after onValueChange with its ticker). */
  onPick?: (match: SymbolMatch) => void;
  wrapperClassName?: string;
  /** Enter with the list open and nothing highlighted picks the first listing (a form where Enter in
   *  this box should never submit). */
  enterPicksFirst?: boolean;
}

/** A symbol box that offers listings as the user types (WAI-ARIA combobox with a listbox popup):
 *  ticker prefixes and words of the company name, most traded first. ArrowDown/ArrowUp move through
 *  the options, Enter picks the highlighted one (otherwise Enter is the form's), Escape closes the
 *  list, a click picks. The box stays a plain text field: whatever is typed is still the value. */
export function SymbolSearch({ label, hint, error, id, className, wrapperClassName, value, onValueChange, onPick, onKeyDown, onBlur, enterPicksFirst, ...rest }: SymbolSearchProps) {
  const f = useField({ label, hint, error }, id);
  const listId = `${f.controlId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = searchTerm(value);
  const search = useSymbolSearch(value, open);
  const results = open && q ? (search.data?.results ?? []) : [];
  const expanded = open && q.length > 0 && (search.data !== undefined || search.isFetching || search.isError);
  const optionId = (i: number) => `${f.controlId}-opt-${i}`;

  const pick = (m: SymbolMatch) => {
    onValueChange(m.symbol);
    onPick?.(m);
    setOpen(false);
    setActive(-1);
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((a) => moveActive(a, e.key as 'ArrowDown' | 'ArrowUp', results.length));
      return;
    }
    const chosen = active >= 0 ? results[active] : enterPicksFirst ? results[0] : undefined;
    if (e.key === 'Enter' && expanded && chosen) {
      e.preventDefault();
      pick(chosen);
      return;
    }
    if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    onKeyDown?.(e);
  };

  return f.wrap(
    <div className="relative">
      <input
        id={f.controlId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={f.invalid || undefined}
        aria-describedby={f.describedBy}
        autoComplete="off"
        spellCheck={false}
        className={controlClass(f.invalid, cx('h-10', className))}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKey}
        onBlur={(e) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(e);
        }}
        {...rest}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={SYMBOL_SEARCH_TEXT.listLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {results.map((m, i) => (
          <li
            key={m.symbol}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // keeps the focus in the box, so a click picks before the blur closes the list
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(m)}
            onMouseMove={() => active !== i && setActive(i)}
            className={cx('flex cursor-pointer items-baseline gap-2 px-3 py-2', i === active ? 'bg-blue-50 dark:bg-blue-950/60' : 'hover:bg-slate-50 dark:hover:bg-slate-800')}
          >
            <span className="w-16 shrink-0 font-mono font-semibold text-slate-900 dark:text-slate-100">{m.symbol}</span>
            <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">{m.name}</span>
            <span className="hidden shrink-0 text-xs text-slate-500 sm:inline dark:text-slate-400">{m.market}</span>
            {m.instr_type === 'ETF' && <Badge>ETF</Badge>}
          </li>
        ))}
        {!results.length && (
          // mousedown keeps the focus in the box, so the list stays open until the note's link is clicked;
          // a group, as a listbox may hold only options and groups of them
          <li role="group" aria-label={SYMBOL_SEARCH_TEXT.listLabel} onMouseDown={(e) => e.preventDefault()} className="px-3 py-2 text-slate-500 dark:text-slate-400">
            {search.isError ? SYMBOL_SEARCH_TEXT.failed : search.isFetching ? (
              <span className="inline-flex items-center gap-1.5">
                <Spinner /> {SYMBOL_SEARCH_TEXT.searching}
              </span>
            ) : (
              <>
                {SYMBOL_SEARCH_TEXT.noMatches(q)}
                {search.data?.demo && <DemoMarketNote symbol={q.toUpperCase()} className="mt-1" />}
              </>
            )}
          </li>
        )}
      </ul>
      <span className="sr-only" aria-live="polite">
        {expanded && results.length ? SYMBOL_SEARCH_TEXT.count(results.length) : ''}
      </span>
    </div>,
    wrapperClassName,
  );
}

/** Under the spec's 'symbol not found': which market is loaded (the demo one has fictional listings)
 *  and listings to pick instead. Renders nothing until the suggestions are in. */
export function SymbolNotInMarket({ symbol, onPick, className }: { symbol: string; onPick: (symbol: string) => void; className?: string }) {
  const s = useSuggestions(symbol);
  if (!s.data) return null;
  return (
    <div className={cx('mt-1 text-sm text-slate-600 dark:text-slate-400', className)} data-testid="symbol-suggestions">
      <p>{linkMarketData(SYMBOL_SEARCH_TEXT.notInMarket(symbol, s.data.demo, s.data.listings))}</p>
      {s.data.results.length > 0 && (
        <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={SYMBOL_SEARCH_TEXT.suggestionsLabel}>
          {s.data.results.map((m) => (
            <li key={m.symbol}>
              <button
                type="button"
                onClick={() => onPick(m.symbol)}
                title={m.name}
                className="inline-flex max-w-full items-baseline rounded-full border border-slate-300 px-2.5 py-0.5 font-mono text-xs font-semibold text-blue-700 hover:bg-blue-50 focus:ring-2 focus:ring-blue-500/30 focus:outline-none dark:border-slate-700 dark:text-blue-300 dark:hover:bg-slate-800"
              >
                {m.symbol}
                <span className="ml-1.5 inline-block max-w-40 truncate align-bottom font-sans font-normal text-slate-600 dark:text-slate-400">{m.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The text with its "Market data" words as a link to that page. */
function linkMarketData(text: string) {
  const at = text.indexOf(MARKET_DATA_LINK);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <Link to={MARKET_DATA_PATH} className="font-medium text-blue-700 underline dark:text-blue-300">
        {MARKET_DATA_LINK}
      </Link>
      {text.slice(at + MARKET_DATA_LINK.length)}
    </>
  );
}
