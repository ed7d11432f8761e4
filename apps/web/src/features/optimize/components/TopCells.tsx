import { useState } from 'react';
import { Link } from 'react-router';
import type { Indicator, OptimizationRequest, OptimizationResult } from '@app/contract';
import { Button, buttonClass, Card, CardHeader, cx, KeyColumnsTable, SortButton, type KeyColumn, type SortState } from '../../../components/index.ts';
import { paramLabel, showValue } from '../grid.ts';
import { formatValue } from '../heatmap.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';
import { sortCells, type SortKey } from '../sort.ts';

const STAT_COLUMNS = ['# Trades', 'Return [%]', 'Max. Drawdown [%]', 'Win Rate [%]', 'Sharpe Ratio'] as const;

interface Props {
  request: OptimizationRequest;
  top: OptimizationResult['top'];
  bestIndex: number | null;
  rows: readonly Pick<Indicator, 'name' | 'indicator_type'>[];
  onApply: (index: number) => void;
  applying: number | null;
  /** the cell last applied, and the link that opens its copy as a backtest */
  opened: { index: number; link: string } | null;
}

/** The best cells with their values and headline statistics; every column sorts (click its header,
 *  again to reverse); each row can be applied to a copy of the template. */
export function TopCells({ request, top, bestIndex, rows, onApply, applying, opened }: Props) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: { kind: 'rank' }, desc: false });
  const stats = STAT_COLUMNS.filter((s) => s !== request.objective);
  const sorted = sortCells(top, sort.key, sort.desc);
  const same = (a: SortKey, b: SortKey) => JSON.stringify(a) === JSON.stringify(b);

  const sortState = (k: SortKey) => (same(sort.key, k) ? (sort.desc ? 'descending' : 'ascending') : 'none') as SortState;
  const onSort = (k: SortKey) => setSort({ key: k, desc: same(sort.key, k) ? !sort.desc : k.kind !== 'rank' && k.kind !== 'param' });
  const sortable = (k: SortKey, label: string, align: 'left' | 'right' = 'right') => ({
    label,
    sort: sortState(k),
    align,
    // headers wrap (long statistic names), so the table fits a 1,280 px window with its Apply buttons
    header: <SortButton state={sortState(k)} onClick={() => onSort(k)} align={align}>{label}</SortButton>,
  });

  type Row = (typeof sorted)[number];
  const columns: KeyColumn<Row>[] = [
    { key: 'rank', ...sortable({ kind: 'rank' }, T.rank, 'left'), phone: true, rowHeader: true, cell: ({ rank }) => rank },
    ...request.params.map((p, k): KeyColumn<Row> => ({ key: `p${k}`, ...sortable({ kind: 'param', k }, paramLabel(rows, p)), cell: ({ cell }) => showValue(p, cell.params[k]) })),
    { key: 'value', ...sortable({ kind: 'value' }, request.objective), phone: true, className: 'font-medium', cell: ({ cell }) => formatValue(cell.value, request.objective) },
    ...stats.map((s): KeyColumn<Row> => ({ key: s, ...sortable({ kind: 'stat', key: s }, s), cell: ({ cell }) => formatValue(typeof cell.stats[s] === 'number' ? (cell.stats[s] as number) : null, s) })),
    {
      key: 'apply',
      label: T.apply,
      header: <span className="sr-only">{T.apply}</span>,
      phone: true,
      noDetails: true,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: ({ cell, rank }) =>
        opened?.index === cell.index ? (
          <Link to={opened.link} className={buttonClass('primary', 'sm')}>{T.openBacktest}</Link>
        ) : (
          <Button size="sm" variant="secondary" loading={applying === cell.index} onClick={() => onApply(cell.index)} aria-label={`${T.apply}: row ${rank}`}>
            {T.apply}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader title={T.topTitle} subtitle={`${top.length} of ${request.method === 'search' && request.budget !== null ? `${request.budget.toLocaleString('en-US')} cells tried` : `${request.cells.toLocaleString('en-US')} cells`}, by ${request.objective} (${request.direction === 'maximize' ? 'highest' : 'lowest'} first)`} />
      <div className="max-h-[32rem] overflow-auto" data-scroll-x>
        <KeyColumnsTable
          rows={sorted}
          columns={columns}
          rowKey={({ cell }) => String(cell.index)}
          detailsLabel={({ rank }) => T.cellDetails(rank)}
          label={T.topTitle}
          headClassName="sticky top-0 z-20 align-bottom"
          rowProps={({ cell }) => ({ 'data-testid': 'top-row', className: cx(cell.index === bestIndex && 'bg-blue-50/60 dark:bg-blue-950/30') })}
        />
      </div>
    </Card>
  );
}
