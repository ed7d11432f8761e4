import type { Period } from '@app/contract';
import { Alert, Button, Card, CardHeader, Loading } from '../../../components/index.ts';
import { useDeletePeriod, usePeriods } from '../api.ts';
import { PERIOD_ERRORS, PERIOD_TEXT } from '../texts.ts';

const days = (p: Period) => Math.round((Date.parse(p.end_date) - Date.parse(p.start_date)) / 86_400_000);

/** The user's periods with Edit and Delete. */
export function PeriodList({ editingId, onEdit }: { editingId: number | null; onEdit: (p: Period) => void }) {
  const periods = usePeriods();
  const remove = useDeletePeriod();
  return (
    <Card>
      <CardHeader title={PERIOD_TEXT.listTitle} subtitle={periods.data ? `${periods.data.length} saved` : undefined} />
      {remove.isError && <Alert tone="error" className="m-4">{PERIOD_ERRORS.delete}</Alert>}
      {periods.isPending ? (
        <Loading />
      ) : periods.isError ? (
        <div className="p-4">
          <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={() => periods.refetch()}>Retry</Button>}>{PERIOD_ERRORS.fetch}</Alert>
        </div>
      ) : periods.data.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{PERIOD_TEXT.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={PERIOD_TEXT.listTitle}>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 sm:px-4">Ticker</th>
                <th scope="col" className="px-2 py-2 sm:px-4">Start</th>
                <th scope="col" className="px-2 py-2 sm:px-4">End</th>
                <th scope="col" className="hidden px-4 py-2 text-right sm:table-cell">Days</th>
                <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {periods.data.map((p) => (
                <tr key={p.id} className={p.id === editingId ? 'bg-blue-50/60 dark:bg-blue-950/30' : undefined} data-testid="period-row">
                  <td className="px-3 py-2 font-mono font-semibold sm:px-4">{p.stock_ticker}</td>
                  <td className="px-2 py-2 text-xs whitespace-nowrap tabular-nums sm:px-4 sm:text-sm">{p.start_date}</td>
                  <td className="px-2 py-2 text-xs whitespace-nowrap tabular-nums sm:px-4 sm:text-sm">{p.end_date}</td>
                  <td className="hidden px-4 py-2 text-right tabular-nums sm:table-cell">{days(p)}</td>
                  <td className="px-1 py-1.5 text-right whitespace-nowrap sm:px-2">
                    <Button size="sm" variant="ghost" className="max-sm:px-2!" onClick={() => onEdit(p)} aria-label={`${PERIOD_TEXT.edit} ${p.stock_ticker} ${p.start_date}`}>
                      {PERIOD_TEXT.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600! max-sm:px-2! dark:text-red-400!"
                      loading={remove.isPending && remove.variables === p.id}
                      onClick={() => remove.mutate(p.id)}
                      aria-label={`${PERIOD_TEXT.delete} ${p.stock_ticker} ${p.start_date}`}
                    >
                      {PERIOD_TEXT.delete}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
