import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WATCHLIST_LIMITS } from '@app/contract';
import { Alert, EmptyState, RetryAlert, Button, Dialog, Input, Loading, Page, Select, buttonClass } from '../../components/index.ts';
import { ApiError, firstMessage } from '../../lib/api.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { useExampleTickers } from '../../lib/marketStatus.ts';
import { defaultList, lastUsedList, rememberList } from '../../lib/watchlistStar.ts';
import { exportCsv, useWatchlistActions, useWatchlistRows, useWatchlists } from './api.ts';
import { ImportDialog } from './components/ImportDialog.tsx';
import { NameDialog } from './components/NameDialog.tsx';
import { WatchlistTable } from './components/WatchlistTable.tsx';
import { moveItem, nextSort, type RowSort } from './sorting.ts';
import { WATCHLIST_TEXT as T } from './texts.ts';

const messageOf = (e: unknown) => (e instanceof ApiError && firstMessage(e.body)) || (e as Error).message;

/** /watchlists: pick, create, rename, delete lists; their rows; add, reorder, import, export. */
export default function WatchlistsPage() {
  const lists = useWatchlists();
  const examples = useExampleTickers();
  const [params, setParams] = useSearchParams();
  const actions = useWatchlistActions();
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete' | 'import' | null>(null);
  const [sort, setSort] = useState<RowSort | null>(null);
  const [symbol, setSymbol] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const all = lists.data ?? [];
  const wanted = Number(params.get('list')) || null;
  const selectedId = all.some((l) => l.id === wanted) ? wanted : defaultList(all, lastUsedList());
  const selected = all.find((l) => l.id === selectedId) ?? null;
  const rows = useWatchlistRows(selectedId);
  // A reorder shows at once; the server's answer (or a refetch after a failure) replaces it.
  const [pending, setPending] = useState<{ id: number; symbols: string[] } | null>(null);
  const ordered = (() => {
    const r = rows.data?.rows ?? [];
    if (!pending || pending.id !== selectedId) return r;
    const by = new Map(r.map((x) => [x.symbol, x]));
    return pending.symbols.flatMap((s) => by.get(s) ?? []);
  })();

  const select = (id: number) => {
    rememberList(id);
    setSort(null);
    setParams({ list: String(id) }, { replace: true });
  };
  const work = async (fn: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await fn();
      if (done) setNotice({ tone: 'success', text: done });
    } catch (e) {
      setNotice({ tone: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  const addSymbol = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!selected || !symbol.trim()) return;
    const typed = symbol;
    setAddError(null);
    setBusy(true);
    try {
      await actions.add(selected.id, [typed.trim().toUpperCase()]);
      rememberList(selected.id);
      // The new row shows before every list has reloaded; a symbol typed meanwhile is the next one.
      setSymbol((now) => (now === typed ? '' : now));
    } catch (err) {
      setAddError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const move = (from: number, to: number) => {
    if (!selected) return;
    const symbols = moveItem(
      ordered.map((r) => r.symbol),
      from,
      to,
    );
    setPending({ id: selected.id, symbols });
    void work(() => actions.reorder(selected.id, symbols).finally(() => setPending(null)));
  };
  const doExport = () =>
    selected &&
    work(async () => {
      const file = await exportCsv(selected.id);
      downloadCsv(file.csv, file.filename);
    });

  if (lists.isPending) return <Loading text={T.loading} />;

  return (
    <Page
      title={T.title}
      intro={T.intro}
      tabTitle
      actions={
        <>
          {selected && (
            <Link to={`/alerts?new=template&watchlist=${selected.id}`} className={buttonClass('secondary')}>
              {T.createAlert}
            </Link>
          )}
          <Button onClick={() => setDialog('create')} disabled={all.length >= WATCHLIST_LIMITS.maxWatchlists}>
            {T.newList}
          </Button>
        </>
      }
    >
      {lists.isError ? (
        <RetryAlert className="mt-6" retryText={T.retry} onRetry={lists.refetch}>
          {T.loadFailed} {messageOf(lists.error)}
        </RetryAlert>
      ) : !selected ? (
        <EmptyState title={T.noLists} hint={T.noListsHint}>
              <Button onClick={() => setDialog('create')}>{T.createFirst}</Button>
              <Link to="/scanner" className={buttonClass('secondary')}>
                {T.openScanner}
              </Link>
            </EmptyState>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-end gap-2">
            <Select
              label={T.list}
              value={selected.id}
              onChange={(e) => select(Number(e.target.value))}
              options={all.map((l) => ({ value: l.id, label: `${l.name} (${l.symbol_count})` }))}
              wrapperClassName="w-full sm:w-64"
            />
            <Button variant="secondary" onClick={() => setDialog('rename')}>
              {T.rename}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('import')}>
              {T.import}
            </Button>
            <Button variant="secondary" onClick={() => void doExport()} disabled={!selected.symbol_count}>
              {T.export}
            </Button>
            <Button variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setDialog('delete')}>
              {T.delete}
            </Button>
          </div>

          <form onSubmit={(e) => void addSymbol(e)} className="mt-4 flex flex-wrap items-start gap-2">
            <Input
              label={T.addSymbol}
              value={symbol}
              onChange={(e) => setSymbol(e.target.value)}
              placeholder={T.symbolPlaceholder(examples[0])}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={20}
              error={addError ?? undefined}
              wrapperClassName="w-full sm:w-64"
            />
            <Button type="submit" className="w-full sm:mt-6 sm:w-auto" disabled={!symbol.trim() || busy}>
              {T.add}
            </Button>
          </form>

          {notice && (
            <Alert tone={notice.tone} className="mt-4">
              {notice.text}
            </Alert>
          )}

          <section className="mt-4" aria-label={selected.name}>
            {rows.isPending ? (
              <Loading text={T.rowsLoading} />
            ) : rows.isError ? (
              <RetryAlert retryText={T.retry} onRetry={rows.refetch}>
                {T.rowsFailed} {messageOf(rows.error)}
              </RetryAlert>
            ) : ordered.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <span className="block font-semibold text-slate-900 dark:text-white">{T.emptyList}</span>
                {T.emptyListHint}
              </p>
            ) : (
              <>
                <WatchlistTable
                  rows={ordered}
                  sort={sort}
                  onSort={(k) => setSort((s) => nextSort(s, k))}
                  onMove={move}
                  onRemove={(s) => void work(() => actions.removeSymbol(selected.id, s))}
                  busy={busy}
                />
                <p id="watchlist-reorder-hint" className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                  {sort ? T.sortedNoReorder : T.reorderHint}
                </p>
              </>
            )}
          </section>
        </>
      )}

      <NameDialog
        open={dialog === 'create'}
        title={T.newList}
        submitLabel={T.create}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          const list = await actions.create(name);
          select(list.id);
        }}
      />
      <NameDialog
        open={dialog === 'rename' && !!selected}
        title={T.rename}
        submitLabel={T.save}
        initial={selected?.name}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          await actions.rename(selected!.id, name);
        }}
      />
      <ImportDialog open={dialog === 'import' && !!selected} onClose={() => setDialog(null)} onImport={(csv) => actions.importCsv(selected!.id, csv)} />
      <Dialog
        open={dialog === 'delete' && !!selected}
        onClose={() => setDialog(null)}
        title={T.deleteTitle(selected?.name ?? '')}
        description={T.deleteBody}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {T.cancel}
            </Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={() =>
                void work(async () => {
                  await actions.remove(selected!.id);
                  setDialog(null);
                  setParams({}, { replace: true });
                })
              }
            >
              {T.delete}
            </Button>
          </>
        }
      />
    </Page>
  );
}
