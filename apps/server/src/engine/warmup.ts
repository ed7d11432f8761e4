// An engine thread warms up as it starts: it runs small real grids on made-up bars so that the grid
// loop, the indicators and the simulation are already compiled to machine code when the first real
// request comes. Without it a user's first grid pays for the compiler (a cold thread runs a 400-cell
// grid several times slower than a warm one), and a CLI timing its first grid would time that too.
// It takes a few tens of milliseconds per thread, once, before the thread takes any task.
import { evaluateCellBlocks, evaluateCells, parseGrid, sharedBars, syntheticBars, type GridInput, type TemplateInput } from '@app/quant';

const range = (n: number, from: number, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);

/** The shapes of template a grid most often varies: a threshold row pair, a cross of one indicator's
 *  lines, a price-like row against the close with a stop. */
const WARM_GRIDS: [TemplateInput, GridInput][] = [
  [
    {
      position_size: 0.9999,
      indicators: [
        { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
        { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
      ],
    },
    { maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(8, 5) }, { row: 0, field: 'cvalue', values: range(12, 20, 2).map(String) }] },
  ],
  [
    {
      position_size: 0.9999,
      indicators: [
        { name: 'MACD', indicator_type: 'BUY', output: 'macd', compare: 'crosses_above', against: { name: 'MACD', output: 'signal' } },
        { name: 'MACD', indicator_type: 'SELL', output: 'macd', compare: 'crosses_below', against: { name: 'MACD', output: 'signal' } },
      ],
    },
    { maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'fast', values: range(8, 4) }, { rows: [0, 1], field: 'slow', values: range(8, 24, 2) }] },
  ],
  [
    {
      position_size: 0.9999,
      stop_loss_pct: 0.05,
      indicators: [
        { name: 'SMA', indicator_type: 'BUY', period: 50, compare: '>', cprice: 'CLOSE' },
        { name: 'SMA', indicator_type: 'SELL', period: 50, compare: '<', cprice: 'CLOSE' },
      ],
    },
    { maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'period', values: range(8, 10, 5) }, { field: 'stop_loss_pct', values: [0.02, 0.05, 0.1, 0.2] }] },
  ],
];

/** Rounds of the warm grids: enough calls for the compiler to optimise the per-cell functions. */
const ROUNDS = 3;

let warm = false;

/** Runs the warm grids (and the guards' variant) on made-up bars, once per thread. */
export function warmEngine(): void {
  if (warm) return;
  warm = true;
  // Tasks hand their results back by moving their buffers, which detaches them. The first buffer an
  // isolate ever detaches throws away every piece of compiled code that reads a typed array (the
  // compiler assumes none is detached until one is): detached here first, the code compiled below
  // survives the first real task.
  const moved = new ArrayBuffer(8);
  structuredClone(moved, { transfer: [moved] });
  // the bars as a task receives them (in shared memory, through a message): arrays and objects of
  // other kinds would leave the compiled code checking for the wrong ones, to be thrown away at the
  // first real task
  const bars = structuredClone(sharedBars(syntheticBars(1_500, 12_345)));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [template, gridInput] of WARM_GRIDS) {
      const grid = parseGrid(gridInput, template);
      evaluateCells(bars, grid, 0, grid.cells, { series: new Map() });
      if (round === 0) evaluateCellBlocks(bars, grid, 0, grid.cells, { series: new Map() });
    }
  }
}

