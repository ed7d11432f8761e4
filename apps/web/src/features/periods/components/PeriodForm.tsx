import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { CheckSymbolResult, Period } from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, Input, Spinner, SymbolNotInMarket, SymbolSearch } from '../../../components/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { readDraft, useKeptDraft } from '../../../lib/sessionDraft.ts';
import { checkSymbol, useSavePeriod } from '../api.ts';
import { PERIOD_ERRORS, PERIOD_TEXT } from '../texts.ts';

type Field = 'stock_ticker' | 'start_date' | 'end_date';

/** A new period's unsaved fields, carried across the login after a session expired mid-edit. */
const DRAFT_KEY = 'period-form';
type Draft = { ticker: string; start: string; end: string };
const restoreDraft = (v: unknown): Draft | null => {
  const d = v as Partial<Draft> | null;
  return d && typeof d.ticker === 'string' && typeof d.start === 'string' && typeof d.end === 'string' ? { ticker: d.ticker, start: d.start, end: d.end } : null;
};
type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok'; ticker: string; info: CheckSymbolResult | null }
  | { state: 'error'; message: string; notFound?: string };

/** Create or edit a period (spec §4, §5): the ticker is upper-cased as typed and must pass the
 *  symbol check before the period can be saved; it is checked when the field is left, on Enter or
 *  Check, and on Save (which saves only a known symbol). `editing` null is create mode. */
export function PeriodForm({ editing, onDone }: { editing: Period | null; onDone: () => void }) {
  const [draft] = useState(() => (editing ? null : readDraft(DRAFT_KEY, restoreDraft)));
  const [ticker, setTicker] = useState(editing?.stock_ticker ?? draft?.ticker ?? '');
  const [start, setStart] = useState(editing?.start_date ?? draft?.start ?? '');
  const [end, setEnd] = useState(editing?.end_date ?? draft?.end ?? '');
  const { sessionExpired } = useAuth();
  const draftNow = useMemo(() => (ticker || start || end ? { ticker, start, end } : null), [ticker, start, end]);
  useKeptDraft(DRAFT_KEY, draftNow, sessionExpired && !editing);
  // A stored period's ticker was checked when it was saved.
  const [check, setCheck] = useState<Check>(editing ? { state: 'ok', ticker: editing.stock_ticker, info: null } : { state: 'idle' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSavePeriod();
  const validated = check.state === 'ok' && check.ticker === ticker.trim();
  // the ticker as typed now: a check answered after the user typed on (or picked) is not shown
  const typedNow = useRef(ticker);
  // the check of each symbol under way, so a blur and a Save right after it share one request
  const pending = useRef<{ symbol: string; done: Promise<boolean> } | null>(null);

  /** Checks the ticker against the market; true when it is a known symbol. */
  const runCheck = (typed = ticker): Promise<boolean> => {
    const symbol = typed.trim();
    if (!symbol) {
      setErrors((e) => ({ ...e, stock_ticker: PERIOD_ERRORS.required }));
      return Promise.resolve(false);
    }
    if (check.state === 'ok' && check.ticker === symbol) return Promise.resolve(true);
    if (pending.current?.symbol === symbol) return pending.current.done;
    setCheck({ state: 'checking' });
    const mine = { symbol } as { symbol: string; done: Promise<boolean> };
    mine.done = (async () => {
      let result: Check;
      try {
        result = { state: 'ok', ticker: symbol, info: await checkSymbol(symbol) };
      } catch (e) {
        const notFound = e instanceof ApiError && (e.status === 404 || e.status === 400);
        result = notFound ? { state: 'error', message: PERIOD_ERRORS.symbolNotFound, notFound: symbol } : { state: 'error', message: PERIOD_ERRORS.checkFailed };
      }
      if (pending.current === mine) pending.current = null;
      if (typedNow.current.trim() === symbol) {
        setCheck(result);
        if (result.state === 'ok') setErrors((e) => ({ ...e, stock_ticker: undefined }));
      }
      return result.state === 'ok';
    })();
    pending.current = mine;
    return mine.done;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!ticker.trim()) next.stock_ticker = PERIOD_ERRORS.required;
    if (!start) next.start_date = PERIOD_ERRORS.required;
    if (!end) next.end_date = PERIOD_ERRORS.required;
    else if (start && end <= start) next.end_date = PERIOD_ERRORS.endAfterStart;
    setErrors(next);
    // Save checks a ticker not checked yet; an unknown one shows the check's message at the field
    const known = ticker.trim() !== '' && (validated || (await runCheck()));
    if (ticker.trim() && !known) setErrors((x) => ({ ...x, stock_ticker: PERIOD_ERRORS.notValidated }));
    if (Object.keys(next).length || !known) return;
    save.mutate(
      { id: editing?.id ?? null, body: { stock_ticker: ticker.trim(), start_date: start, end_date: end } },
      {
        onSuccess: () => {
          if (!editing) {
            typedNow.current = '';
            setTicker('');
            setStart('');
            setEnd('');
            setCheck({ state: 'idle' });
          }
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.body && typeof err.body === 'object') {
            const b = err.body as Record<string, unknown>;
            const first = (k: Field) => (Array.isArray(b[k]) ? String((b[k] as unknown[])[0]) : undefined);
            setErrors({ stock_ticker: first('stock_ticker'), start_date: first('start_date'), end_date: first('end_date') });
          }
        },
      },
    );
  };

  const changeTicker = (typed: string) => {
    // Spec §5: upper-cased as typed. Tickers hold no spaces: a pasted ' aapl ' would otherwise never
    // equal the checked 'AAPL'. Company names still search without them ("BANKOFAM": Bank of America).
    const next = typed.toUpperCase().replace(/\s+/g, '');
    typedNow.current = next;
    setTicker(next);
    setErrors((x) => ({ ...x, stock_ticker: undefined }));
    if (check.state === 'error') setCheck({ state: 'idle' });
  };
  // A listing picked from the list or the suggestions is a known symbol: checked at once.
  const pickTicker = (symbol: string) => {
    changeTicker(symbol);
    void runCheck(symbol);
  };

  const serverFieldError = Object.values(errors).some(Boolean);

  return (
    <Card>
      <CardHeader title={editing ? PERIOD_TEXT.formEdit : PERIOD_TEXT.formNew} subtitle={editing ? `${editing.stock_ticker}, ${editing.start_date} → ${editing.end_date}` : undefined} />
      <CardBody>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={editing ? PERIOD_TEXT.formEdit : PERIOD_TEXT.formNew} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
          <div className="sm:col-span-2 lg:col-span-1">
            <div className="flex items-end gap-2">
              <SymbolSearch
                label={PERIOD_TEXT.ticker}
                name="stock_ticker"
                value={ticker}
                placeholder={PERIOD_TEXT.tickerPlaceholder}
                autoCapitalize="characters"
                maxLength={50}
                onValueChange={changeTicker}
                onPick={(m) => pickTicker(m.symbol)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void runCheck();
                  }
                }}
                onBlur={() => {
                  if (ticker.trim() && !validated && check.state !== 'error') void runCheck();
                }}
                aria-invalid={Boolean(errors.stock_ticker) || check.state === 'error' || undefined}
                wrapperClassName="flex-1"
                className="font-mono"
              />
              <Button variant="secondary" onClick={() => void runCheck()} loading={check.state === 'checking'} disabled={!ticker.trim() || validated}>
                {PERIOD_TEXT.check}
              </Button>
            </div>
            <div className="mt-1 min-h-5 text-sm" aria-live="polite">
              {check.state === 'checking' && (
                <span className="inline-flex items-center gap-1.5 text-slate-500">
                  <Spinner /> Checking…
                </span>
              )}
              {check.state === 'error' && <span role="alert" className="block text-red-600 dark:text-red-400">{check.message}</span>}
              {check.state === 'error' && check.notFound && <SymbolNotInMarket symbol={check.notFound} onPick={pickTicker} />}
              {validated && check.info && (
                <span className="text-emerald-700 dark:text-emerald-400" data-testid="symbol-info">
                  ✓ {check.info.name}
                  {check.info.price !== null && <span className="tabular-nums"> · ${check.info.price.toFixed(2)}</span>}
                </span>
              )}
              {validated && !check.info && <span className="text-emerald-700 dark:text-emerald-400">✓ {ticker}</span>}
              {errors.stock_ticker && <span role="alert" className="block text-red-600 dark:text-red-400">{errors.stock_ticker}</span>}
            </div>
          </div>
          <Input label={PERIOD_TEXT.startDate} name="start_date" type="date" value={start} onChange={(e) => setStart(e.target.value)} error={errors.start_date} />
          <Input label={PERIOD_TEXT.endDate} name="end_date" type="date" value={end} onChange={(e) => setEnd(e.target.value)} error={errors.end_date} />
          {save.isError && !serverFieldError && <Alert tone="error" className="sm:col-span-2 lg:col-span-3">{(save.error as ApiError).detail ?? PERIOD_ERRORS.save}</Alert>}
          <div className="flex justify-end gap-2 sm:col-span-2 lg:col-span-3">
            {editing && (
              <Button variant="secondary" onClick={onDone}>
                {PERIOD_TEXT.cancel}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {editing ? PERIOD_TEXT.update : PERIOD_TEXT.create}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
