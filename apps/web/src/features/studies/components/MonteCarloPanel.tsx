import { Link } from 'react-router';
import type { MonteCarlo } from '@app/contract';
import { Card, CardHeader } from '../../../components/index.ts';
import { HELP_PATH, MONTE_CARLO_TEXT as T } from '../../../lib/luckText.ts';

const pct = (v: number) => `${v.toFixed(2)} %`;

/** A backtest's trade Monte Carlo beside its statistics: percentiles of final return and drawdown. */
export function MonteCarloPanel({ mc }: { mc: MonteCarlo }) {
  const rows = [
    { label: `${T.bootstrap}: ${T.finalReturn}`, p: mc.bootstrap.return_pct },
    { label: `${T.bootstrap}: ${T.maxDrawdown}`, p: mc.bootstrap.max_drawdown_pct },
    { label: `${T.shuffle}: ${T.maxDrawdown}`, p: mc.shuffle.max_drawdown_pct },
  ];
  return (
    <Card data-testid="monte-carlo">
      <CardHeader
        title={T.title}
        subtitle={
          <>
            {T.subtitle(mc.resamples, mc.trades)}{' '}
            <Link to={HELP_PATH} className="font-medium text-blue-700 underline dark:text-blue-300">
              {T.learnMore}
            </Link>
          </>
        }
      />
      <div className="overflow-x-auto" data-scroll-x>
        <table className="w-full text-sm" aria-label={T.title}>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">{T.percentile}</th>
              <th scope="col" className="px-3 py-2 text-right">5th</th>
              <th scope="col" className="px-3 py-2 text-right">50th</th>
              <th scope="col" className="px-3 py-2 text-right">95th</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row" className="px-3 py-1.5 text-left font-normal">{r.label}</th>
                <td className="px-3 py-1.5 text-right tabular-nums">{pct(r.p.p5)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{pct(r.p.p50)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{pct(r.p.p95)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">{T.lossShare}</th>
              <td colSpan={3} className="px-3 py-1.5 text-right tabular-nums" data-testid="mc-loss-share">
                {pct(mc.bootstrap.loss_share * 100)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
