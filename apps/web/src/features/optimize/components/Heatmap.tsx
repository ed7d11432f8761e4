import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Indicator, OptimizationRequest } from '@app/contract';
import { Card, CardBody, CardHeader, Select, cx } from '../../../components/index.ts';
import { paramLabel, showValue } from '../grid.ts';
import { coordsOf, formatValue, scaleColour, scalePosition, sliceHeatmap, textOn } from '../heatmap.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

interface Props {
  request: OptimizationRequest;
  heatmap: (number | null)[];
  bestIndex: number | null;
  rows: readonly Pick<Indicator, 'name' | 'indicator_type'>[];
  /** the cell picked for Apply (clicked, or Enter) */
  selected: number | null;
  onSelect: (index: number) => void;
}

/** The objective over two chosen parameters, the others at the best cell's values: a colour per
 *  cell on one scale (legend below), its values on hover (and as the keyboard moves over it), the
 *  best cell outlined, empty cells blank. Arrow keys move, Enter picks a cell. */
export function Heatmap({ request, heatmap, bestIndex, rows, selected, onSelect }: Props) {
  const params = request.params;
  const values = useMemo(() => params.map((p) => p.values), [params]);
  const [x, setX] = useState(params.length > 1 ? 1 : 0);
  const [y, setY] = useState<number | null>(params.length > 1 ? 0 : null);
  // the other parameters stay at the best cell's values (the first values when no cell traded)
  const fixed = useMemo(() => {
    const lengths = values.map((v) => v.length);
    return bestIndex !== null ? coordsOf(bestIndex, lengths) : lengths.map(() => 0);
  }, [values, bestIndex]);
  const slice = useMemo(() => sliceHeatmap(heatmap, values, x, y, fixed), [heatmap, values, x, y, fixed]);
  const [cursor, setCursor] = useState<{ i: number; j: number } | null>(null);
  const id = useId();
  const cols = slice.xs.length;
  const label = (k: number) => paramLabel(rows, params[k]);
  const others = params.map((_, k) => k).filter((k) => k !== x && k !== y);

  const describe = (i: number, j: number) => {
    const cell = slice.rows[j]?.[i];
    if (!cell) return '';
    const at = [`${label(x)} ${showValue(params[x], slice.xs[i])}`, ...(y !== null ? [`${label(y)} ${showValue(params[y], slice.ys[j])}`] : [])].join(', ');
    return `${at}: ${cell.value === null ? T.emptyCell : `${request.objective} ${formatValue(cell.value)}`}${cell.index === bestIndex ? ' (best)' : ''}`;
  };

  const onKey = (e: KeyboardEvent) => {
    const c = cursor ?? { i: 0, j: 0 };
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in moves) {
      e.preventDefault();
      const [di, dj] = moves[e.key];
      setCursor({ i: Math.min(cols - 1, Math.max(0, c.i + di)), j: Math.min(slice.rows.length - 1, Math.max(0, c.j + dj)) });
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setCursor({ i: e.key === 'Home' ? 0 : cols - 1, j: c.j });
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor) {
      e.preventDefault();
      const cell = slice.rows[cursor.j][cursor.i];
      if (cell.value !== null) onSelect(cell.index);
    }
  };

  const axisOptions = params.map((_, k) => ({ value: k, label: label(k) }));
  // every label when they fit, else about a dozen
  const every = Math.max(1, Math.ceil(cols / 12));
  const showNumbers = cols <= 12 && slice.rows.length <= 30;
  const cellHeight = slice.rows.length > 40 ? 'h-3' : slice.rows.length > 20 ? 'h-5' : 'h-9';
  const [lo, hi] = request.direction === 'maximize' ? [slice.min, slice.max] : [slice.max, slice.min];

  return (
    <Card>
      <CardHeader title={`${T.heatmapTitle}: ${request.objective}`} subtitle={T.heatmapHint} />
      <CardBody className="space-y-4">
        {params.length > 1 && (
          <div className="grid grid-cols-2 gap-3 sm:max-w-xl">
            <Select label={T.yAxis} value={y ?? ''} options={axisOptions.map((o) => ({ ...o, disabled: o.value === x }))} onChange={(e) => setY(Number(e.target.value))} />
            <Select label={T.xAxis} value={x} options={axisOptions.map((o) => ({ ...o, disabled: o.value === y }))} onChange={(e) => setX(Number(e.target.value))} />
          </div>
        )}
        {others.length > 0 && (
          <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="heatmap-fixed">
            {T.fixedAt}: {others.map((k) => `${label(k)} ${showValue(params[k], params[k].values[fixed[k]])}`).join(' · ')}
          </p>
        )}

        {/* a few columns stay cell-sized instead of stretching over a wide screen */}
        <div style={{ maxWidth: `${cols * 6 + 4}rem` }}>
          {y !== null && <p className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">↓ {label(y)}</p>}
          <div
            role="grid"
            tabIndex={0}
            aria-label={`${T.heatmapTitle}: ${request.objective}`}
            aria-activedescendant={cursor ? `${id}-${cursor.j}-${cursor.i}` : undefined}
            data-testid="heatmap"
            onKeyDown={onKey}
            onFocus={() => cursor ?? setCursor({ i: 0, j: 0 })}
            onMouseLeave={() => setCursor(null)}
            className="group grid gap-px rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 dark:ring-offset-slate-900"
            style={{ gridTemplateColumns: `auto repeat(${cols}, minmax(0, 1fr))` }}
          >
            {slice.rows.map((row, j) => (
              <div role="row" key={j} className="contents">
                <div role="rowheader" className="flex items-center justify-end pr-2 text-xs text-slate-600 tabular-nums dark:text-slate-300">
                  {y !== null ? showValue(params[y], slice.ys[j]) : ''}
                </div>
                {row.map((cell, i) => {
                  const t = scalePosition(cell.value, slice.min, slice.max, request.direction);
                  const best = cell.index === bestIndex;
                  const here = cursor?.i === i && cursor?.j === j;
                  return (
                    <div
                      role="gridcell"
                      id={`${id}-${j}-${i}`}
                      key={i}
                      title={describe(i, j)}
                      aria-label={describe(i, j)}
                      aria-selected={cell.index === selected}
                      data-best={best || undefined}
                      data-empty={cell.value === null || undefined}
                      onMouseEnter={() => setCursor({ i, j })}
                      onClick={() => cell.value !== null && onSelect(cell.index)}
                      className={cx(
                        'relative flex min-w-0 items-center justify-center overflow-hidden text-[10px] leading-none tabular-nums sm:text-xs',
                        cellHeight,
                        cell.value === null ? 'border border-dashed border-slate-300 dark:border-slate-700' : 'cursor-pointer',
                        best && 'z-10 outline-[3px] outline-offset-[-3px] outline-slate-950 outline-solid dark:outline-white',
                        cell.index === selected && !best && 'z-10 outline-2 outline-offset-[-2px] outline-blue-500 outline-dashed',
                        here && 'brightness-110 after:absolute after:inset-0 after:ring-2 after:ring-blue-500 after:ring-inset',
                      )}
                      style={t === null ? undefined : { background: scaleColour(t), color: textOn(t) }}
                    >
                      {showNumbers && cell.value !== null && <span className="hidden truncate px-0.5 sm:inline">{formatValue(cell.value)}</span>}
                    </div>
                  );
                })}
              </div>
            ))}
            <div role="row" className="contents">
              <div />
              {slice.xs.map((v, i) => (
                <div role="columnheader" key={i} className="pt-1 text-center text-[10px] text-slate-600 tabular-nums sm:text-xs dark:text-slate-300">
                  {i % every === 0 ? showValue(params[x], v) : ''}
                </div>
              ))}
            </div>
          </div>
          <p className="mt-1 text-center text-xs font-medium text-slate-600 dark:text-slate-300">{label(x)} →</p>
        </div>

        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300" data-testid="heatmap-legend">
            <span className="tabular-nums">{formatValue(lo)}</span>
            <span
              aria-hidden
              className="h-3 w-40 rounded-sm"
              style={{ background: `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => scaleColour(t)).join(', ')})` }}
            />
            <span className="tabular-nums">{formatValue(hi)}</span>
            <span className="text-slate-500 dark:text-slate-400">({T.legendWorse} → {T.legendBetter})</span>
            <span className="flex items-center gap-1.5">
              <span className="inline-block h-3 w-5 border border-dashed border-slate-400" aria-hidden />
              {T.emptyCell}
            </span>
          </div>
          <p className="min-h-5 text-sm text-slate-800 tabular-nums dark:text-slate-200" aria-live="polite" data-testid="heatmap-readout">
            {cursor ? describe(cursor.i, cursor.j) : ''}
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
