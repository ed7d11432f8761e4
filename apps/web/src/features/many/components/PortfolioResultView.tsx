import type { PortfolioRun } from '@app/contract';
import { Button, Card, CardBody, StatsPanel } from '../../../components/index.ts';
import { tradeCell, tradeColumns } from '../../../lib/backtestFormat.ts';
import { downloadCsv, toCsv } from '../../../lib/csv.ts';
import { exposureSummary, runCsvName } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';
import { floorsOn, MembershipNote } from './MembershipNote.tsx';
import { PortfolioChart } from './PortfolioChart.tsx';
import { PortfolioFigures } from './PortfolioFigures.tsx';
import { PortfolioTrades } from './PortfolioTrades.tsx';
import { SurvivorshipNote } from './SurvivorshipNote.tsx';

/** A finished portfolio run: the universe's warning, what the floors and membership removed, equity
 *  with drawdown and positions held, the statistics of the portfolio's equity, the figures against the
 *  benchmark (alpha, beta, turnover, costs, holdings), and every trade with its symbol. */
export function PortfolioResultView({ run }: { run: PortfolioRun }) {
  const result = run.result!;
  const exposure = exposureSummary(result.positions);
  const tradesCsv = () => {
    const columns = tradeColumns(result.trades);
    return toCsv(['Symbol', ...columns.map((c) => c.key)], result.trades.map((t) => [t.Symbol, ...columns.map((c) => tradeCell(t, c))]));
  };
  return (
    <div className="space-y-6">
      <SurvivorshipNote text={result.survivorship} skipped={result.skipped} />
      <MembershipNote floorsRemoved={result.floors_removed} neverMembers={result.never_members} floorsOn={floorsOn(run.request.floors)} />
      {result.time.length > 0 && <PortfolioChart result={result} />}
      <Card>
        <CardBody className="text-sm text-slate-700 dark:text-slate-300" data-testid="exposure">
          <span className="font-semibold">{MANY_TEXT.exposureTitle}: </span>
          {MANY_TEXT.exposureText(exposure.avg, exposure.max, run.request.max_positions)}
        </CardBody>
      </Card>
      <StatsPanel stats={result.stats} title={MANY_TEXT.statsTitle} emptyText={MANY_TEXT.noStats} />
      <PortfolioFigures result={result} />
      <PortfolioTrades
        trades={result.trades}
        actions={
          result.trades.length > 0 && (
            <Button size="sm" variant="secondary" onClick={() => downloadCsv(tradesCsv(), runCsvName('portfolio', run.id, run.request.template_name, 'trades'))}>
              {MANY_TEXT.downloadTrades}
            </Button>
          )
        }
      />
    </div>
  );
}
