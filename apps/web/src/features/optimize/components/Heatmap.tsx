import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { Indicator, OptimizationRequest } from '@app/contract';
import { Card, CardBody, CardHeader, Select } from '../../../components/index.ts';
import { paramLabel, showValue } from '../grid.ts';
import { cellAt, coordsOf, formatValue, projectTried, rowGradient, scaleColour, scalePosition, sliceHeatmap, textOn, type Slice } from '../heatmap.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

interface Props {
  request: OptimizationRequest;
  heatmap: (number | null)[];
  /** a search's tried cells (the grid index of each heatmap value); null for a grid */
  tried?: readonly number[] | null;
  bestIndex: number | null;
  rows: readonly Pick<Indicator, 'name' | 'indicator_type'>[];
  /** the cell picked for Apply (clicked, or Enter) */
  selected: number | null;
  onSelect: (index: number) => void;
}

/** Up to this many cells are drawn one element each (with their value as a tooltip); a bigger slice
 *  (a grid may have 100,000 cells) draws each row as one striped background, so it stays quick. */
const CELL_ELEMENTS = 5000;

/** The objective over two chosen parameters, the others at the best cell's values: a colour per
 *  cell on one scale (legend below), its values on hover (and as the keyboard moves over it), the
 *  best cell outlined, empty cells blank. Arrow keys move, Enter picks a cell. */
export function Heatmap({ request, heatmap, tried = null, bestIndex, rows, selected, onSelect }: Props) {
  const params = request.params;
  const values = useMemo(() => params.map((p) => p.values), [params]);
  const [x, setX] = useState(params.length > 1 ? 1 : 0);
  const [y, setY] = useState<number | null>(params.length > 1 ? 0 : null);
  // the other parameters stay at the best cell's values (the first values when no cell traded)
  const fixed = useMemo(() => {
    const lengths = values.map((v) => v.length);
    return bestIndex !== null ? coordsOf(bestIndex, lengths) : lengths.map(() => 0);
  }, [values, bestIndex]);
  const slice = useMemo(
    () => (tried ? projectTried(heatmap, tried, values, x, y, request.direction) : sliceHeatmap(heatmap, values, x, y, fixed)),
    [heatmap, tried, values, x, y, fixed, request.direction],
  );
  const [cursor, setCursor] = useState<{ i: number; j: number } | null>(null);
  const plot = useRef<HTMLDivElement>(null);
  const cols = slice.xs.length;
  const n = slice.rows.length;
  const label = (k: number) => paramLabel(rows, params[k]);
  // a search's points show the best tried over the other parameters: none is held fixed
  const others = tried ? [] : params.map((_, k) => k).filter((k) => k !== x && k !== y);

  const describe = (i: number, j: number) => {
    const cell = slice.rows[j]?.[i];
    if (!cell) return '';
    const at = [`${label(x)} ${showValue(params[x], slice.xs[i])}`, ...(y !== null ? [`${label(y)} ${showValue(params[y], slice.ys[j])}`] : [])].join(', ');
    return `${at}: ${cell.value === null ? T.emptyCell : `${request.objective} ${formatValue(cell.value, request.objective)}`}${cell.index === bestIndex ? ' (best)' : ''}`;
  };
  const pick = (c: { i: number; j: number }) => {
    const cell = slice.rows[c.j]?.[c.i];
    if (cell && cell.value !== null) onSelect(cell.index);
  };
  const pointed = (e: MouseEvent) => {
    const r = plot.current!.getBoundingClientRect();
    return cellAt(e.clientX - r.left, e.clientY - r.top, r.width, r.height, cols, n);
  };

  const onKey = (e: KeyboardEvent) => {
    const c = cursor ?? { i: 0, j: 0 };
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in moves) {
      e.preventDefault();
      const [di, dj] = moves[e.key];
      setCursor({ i: Math.min(cols - 1, Math.max(0, c.i + di)), j: Math.min(n - 1, Math.max(0, c.j + dj)) });
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setCursor({ i: e.key === 'Home' ? 0 : cols - 1, j: c.j });
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor) {
      e.preventDefault();
      pick(cursor);
    }
  };

  const rowPx = n > 100 ? 6 : n > 40 ? 10 : n > 20 ? 20 : 36;
  const everyCol = Math.max(1, Math.ceil(cols / 12));
  const everyRow = Math.max(1, Math.ceil(n / 25));
  const [lo, hi] = request.direction === 'maximize' ? [slice.min, slice.max] : [slice.max, slice.min];
  // the cells change only with the slice; hovering moves the overlays alone
  const cells = useMemo(
    () => <Cells slice={slice} direction={request.direction} describe={describe} bestIndex={bestIndex} showNumbers={cols <= 12 && n <= 30} objective={request.objective} />,
    // describe reads the slice and labels, which change with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slice, request.direction, request.objective, bestIndex, rows],
  );
  const box = (c: { i: number; j: number }): CSSProperties => ({ left: `${(c.i / cols) * 100}%`, top: `${(c.j / n) * 100}%`, width: `${100 / cols}%`, height: `${100 / n}%` });
  const find = (index: number | null) => {
    if (index === null) return null;
    for (let j = 0; j < n; j++) for (let i = 0; i < cols; i++) if (slice.rows[j][i].index === index) return { i, j };
    return null;
  };
  const bestAt = find(bestIndex);
  const selectedAt = selected !== bestIndex ? find(selected) : null;
  const axisOptions = params.map((_, k) => ({ value: k, label: label(k) }));

  return (
    <Card>
      <CardHeader title={`${T.heatmapTitle}: ${request.objective}`} subtitle={tried ? T.heatmapSearchHint : T.heatmapHint} />
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
          <div className="grid grid-cols-[auto_minmax(0,1fr)]">
            <div className="flex flex-col pr-2" aria-hidden>
              {slice.rows.map((_, j) => (
                <span key={j} className="flex items-center justify-end text-[10px] leading-none whitespace-nowrap text-slate-600 tabular-nums sm:text-xs dark:text-slate-300" style={{ height: rowPx }}>
                  {y !== null && j % everyRow === 0 ? showValue(params[y], slice.ys[j]) : ''}
                </span>
              ))}
            </div>
            <div
              ref={plot}
              role="group"
              tabIndex={0}
              aria-label={`${T.heatmapTitle}: ${request.objective}. ${T.heatmapKeys}`}
              aria-describedby="heatmap-readout"
              data-testid="heatmap"
              onKeyDown={onKey}
              onFocus={() => cursor ?? setCursor({ i: 0, j: 0 })}
              onMouseMove={(e) => {
                const c = pointed(e);
                if (c.i !== cursor?.i || c.j !== cursor?.j) setCursor(c);
              }}
              onMouseLeave={() => setCursor(null)}
              onClick={(e) => pick(pointed(e))}
              className="relative cursor-crosshair rounded-sm bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 dark:bg-slate-800 dark:ring-offset-slate-900"
              style={{ height: n * rowPx }}
            >
              {cells}
              {bestAt && <div aria-hidden className="pointer-events-none absolute z-10 outline-[3px] outline-offset-[-1px] outline-slate-950 outline-solid dark:outline-white" style={box(bestAt)} />}
              {selectedAt && <div aria-hidden className="pointer-events-none absolute z-10 outline-2 outline-offset-[-1px] outline-blue-500 outline-dashed" style={box(selectedAt)} />}
              {cursor && <div aria-hidden className="pointer-events-none absolute z-20 ring-2 ring-blue-500 ring-inset" style={box(cursor)} />}
            </div>
            <div />
            <div className="flex pt-1" aria-hidden>
              {slice.xs.map((v, i) => (
                <span key={i} className="min-w-0 flex-1 text-center text-[10px] text-slate-600 tabular-nums sm:text-xs dark:text-slate-300">
                  {i % everyCol === 0 ? showValue(params[x], v) : ''}
                </span>
              ))}
            </div>
          </div>
          <p className="mt-1 text-center text-xs font-medium text-slate-600 dark:text-slate-300">{label(x)} →</p>
        </div>

        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300" data-testid="heatmap-legend">
            <span className="tabular-nums">{formatValue(lo, request.objective)}</span>
            <span aria-hidden className="h-3 w-40 rounded-sm" style={{ background: `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => scaleColour(t)).join(', ')})` }} />
            <span className="tabular-nums">{formatValue(hi, request.objective)}</span>
            <span className="text-slate-500 dark:text-slate-400">({T.legendWorse} → {T.legendBetter})</span>
            <span className="flex items-center gap-1.5">
              <span className="inline-block h-3 w-5 bg-slate-100 ring-1 ring-slate-300 dark:bg-slate-800 dark:ring-slate-600" aria-hidden />
              {T.emptyCell}
            </span>
          </div>
          <p id="heatmap-readout" className="min-h-5 text-sm text-slate-800 tabular-nums dark:text-slate-200" aria-live="polite" data-testid="heatmap-readout">
            {cursor ? describe(cursor.i, cursor.j) : ''}
          </p>
        </div>
      </CardBody>
    </Card>
  );
}

interface CellsProps {
  slice: Slice;
  direction: 'maximize' | 'minimize';
  describe: (i: number, j: number) => string;
  bestIndex: number | null;
  showNumbers: boolean;
  /** the statistic the cells hold (counts show whole) */
  objective: string;
}

/** The coloured cells: one element each (tooltip, value when they are wide enough) for a small
 *  slice, one striped row each for a big one. */
function Cells({ slice, direction, describe, bestIndex, showNumbers, objective }: CellsProps) {
  const cols = slice.xs.length;
  const position = (v: number | null) => scalePosition(v, slice.min, slice.max, direction);
  if (cols * slice.rows.length > CELL_ELEMENTS) {
    return (
      <div className="absolute inset-0 flex flex-col">
        {slice.rows.map((row, j) => (
          <div key={j} className="min-h-0 flex-1" style={{ backgroundImage: rowGradient(row.map((c) => (position(c.value) === null ? null : scaleColour(position(c.value)!)))) }} />
        ))}
      </div>
    );
  }
  return (
    <div className="absolute inset-0 grid" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${slice.rows.length}, minmax(0, 1fr))` }}>
      {slice.rows.map((row, j) =>
        row.map((cell, i) => {
          const t = position(cell.value);
          return (
            <div
              key={`${j}-${i}`}
              data-testid="heat-cell"
              title={describe(i, j)}
              data-best={cell.index === bestIndex || undefined}
              data-empty={cell.value === null || undefined}
              className="flex min-w-0 items-center justify-center overflow-hidden text-[10px] leading-none tabular-nums shadow-[inset_0_0_0_0.5px_rgba(255,255,255,0.55)] sm:text-xs dark:shadow-[inset_0_0_0_0.5px_rgba(15,23,42,0.6)]"
              style={t === null ? undefined : { background: scaleColour(t), color: textOn(t) }}
            >
              {showNumbers && cell.value !== null && <span className="hidden truncate px-0.5 sm:inline">{formatValue(cell.value, objective)}</span>}
            </div>
          );
        }),
      )}
    </div>
  );
}
