import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PERIOD_MESSAGES, type Starter } from '@app/contract';
import { ApiError, firstMessage } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { firstRunReturnPath, forgetKeptFirstRun, keepFirstRun, readFirstRun, studiesLink, takeKeptFirstRun, useRunStarter, useStarterSymbol, useStarters } from '../lib/starters.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Card, CardBody, CardHeader } from './Card.tsx';
import { Select } from './Select.tsx';
import { Loading } from './Spinner.tsx';
import { SymbolNotInMarket, SymbolSearch } from './SymbolSearch.tsx';
import { FIRST_BACKTEST_TEXT } from './firstBacktestText.ts';

// "Run your first backtest", on the home page and on an empty Backtest screen: a starter
// strategy and a symbol, one Run, and the Backtest screen opens with the results. Signed out, Run goes
// to /login and the login comes back here with the choice, which then runs. The choice is kept in the
// tab's session too, so any way of signing in (sign-up detour, Google, a reload) ends on the result.

/** The starter's rules and settings in a trader's words. */
function StarterRules({ starter }: { starter: Starter }) {
  return (
    <div className="space-y-1 text-sm text-slate-600 dark:text-slate-300" data-testid="starter-rules">
      <p>{starter.summary}</p>
      <p className="font-mono text-[13px]">
        <span className="font-sans font-semibold text-emerald-700 dark:text-emerald-400">{FIRST_BACKTEST_TEXT.buyWhen}</span> {starter.buy.join(' and ')}
        {' · '}
        <span className="font-sans font-semibold text-red-700 dark:text-red-400">{FIRST_BACKTEST_TEXT.sellWhen}</span>{' '}
        {starter.sell.length ? starter.sell.join(' and ') : FIRST_BACKTEST_TEXT.noSell}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{starter.settings}</p>
    </div>
  );
}

export function FirstBacktest({ className }: { className?: string }) {
  const starters = useStarters();
  const defaultSymbol = useStarterSymbol();
  const run = useRunStarter();
  const { isAuthenticated, loading: authLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const pending = readFirstRun(search);
  const [slug, setSlug] = useState<string | null>(pending?.slug ?? null);
  // null until the user types: the server's default symbol is shown meanwhile
  const [typed, setTyped] = useState<string | null>(pending?.symbol || null);
  const resumed = useRef(false);

  const list = starters.data ?? [];
  const chosen = list.find((s) => s.slug === slug) ?? list[0];
  const symbol = (typed ?? defaultSymbol.data?.symbol ?? '').trim().toUpperCase();

  const start = (pick: { slug: string; symbol: string }) => {
    if (!isAuthenticated) {
      keepFirstRun(pick);
      navigate('/login', { state: { from: firstRunReturnPath(location.pathname, pick) } });
      return;
    }
    forgetKeptFirstRun();
    run.mutate(
      { slug: pick.slug, body: pick.symbol ? { symbol: pick.symbol } : {} },
      { onSuccess: (ids) => navigate(studiesLink({ templateId: ids.template_id, periodId: ids.period_id, run: true })) },
    );
  };

  // Back from the login with a choice to run (in the address, or kept in the tab when the address lost
  // it): run it once, and take it out of the address.
  useEffect(() => {
    if (resumed.current || authLoading || !starters.isSuccess) return;
    if (!pending?.run && !isAuthenticated) return;
    resumed.current = true;
    const pick = pending?.run ? pending : takeKeptFirstRun();
    if (pending?.run) setSearch({}, { replace: true });
    if (pick && isAuthenticated && list.some((s) => s.slug === pick.slug)) start(pick);
    // runs when what it waits for arrives; `start` and `pending` are read fresh then
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authLoading, isAuthenticated, starters.isSuccess]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || run.isPending) return;
    start({ slug: chosen.slug, symbol });
  };

  const err = run.error;
  const fieldError = err instanceof ApiError && (err.status === 404 && err.detail === PERIOD_MESSAGES.symbolNotFound ? err.detail : Array.isArray(err.body?.symbol) ? firstMessage(err.body) : undefined);

  return (
    <Card className={className} data-testid="first-backtest">
      <CardHeader title={<span className="text-base">{FIRST_BACKTEST_TEXT.title}</span>} subtitle={FIRST_BACKTEST_TEXT.intro} />
      <CardBody>
        {starters.isPending ? (
          <Loading />
        ) : starters.isError ? (
          <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={() => starters.refetch()}>{FIRST_BACKTEST_TEXT.retry}</Button>}>
            {FIRST_BACKTEST_TEXT.loadFailed}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={FIRST_BACKTEST_TEXT.title} className="space-y-4">
            <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start">
              <Select
                label={FIRST_BACKTEST_TEXT.starter}
                name="starter"
                value={chosen?.slug ?? ''}
                options={list.map((s) => ({ value: s.slug, label: s.name }))}
                onChange={(e) => setSlug(e.target.value)}
              />
              <SymbolSearch
                label={FIRST_BACKTEST_TEXT.symbol}
                name="symbol"
                value={typed ?? defaultSymbol.data?.symbol ?? ''}
                onValueChange={(v) => {
                  setTyped(v.toUpperCase());
                  run.reset();
                }}
                autoCapitalize="characters"
                maxLength={50}
                error={fieldError}
                hint={defaultSymbol.data?.symbol ? FIRST_BACKTEST_TEXT.symbolHint(defaultSymbol.data.symbol, defaultSymbol.data.name) : undefined}
                className="font-mono uppercase"
              />
              <Button type="submit" loading={run.isPending} disabled={!chosen} className="w-full md:mt-6 md:w-auto md:min-w-24">
                {FIRST_BACKTEST_TEXT.run}
              </Button>
            </div>
            {fieldError === PERIOD_MESSAGES.symbolNotFound && (
              <SymbolNotInMarket
                symbol={symbol}
                onPick={(s) => {
                  setTyped(s);
                  run.reset();
                }}
              />
            )}
            {chosen && <StarterRules starter={chosen} />}
            {run.isError && !fieldError && <Alert tone="error">{err instanceof ApiError ? (err.detail ?? FIRST_BACKTEST_TEXT.failed) : FIRST_BACKTEST_TEXT.failed}</Alert>}
          </form>
        )}
      </CardBody>
    </Card>
  );
}
