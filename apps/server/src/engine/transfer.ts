import { move, transferableSymbol, valueSymbol } from 'piscina';
import { allocSharedBars, type DailyBars } from '@app/quant';

/** A task's result whose typed arrays move to the calling thread instead of being copied. Typed as
 *  the value itself: that is what the caller receives (the pool unwraps it). Arrays whose memory is
 *  shared (SharedArrayBuffer) need no moving and are left out. */
export function transferable<T>(value: T, arrays: ArrayBufferView[]): T {
  const buffers = [...new Set(arrays.map((a) => a.buffer))].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value as object }) as unknown as T;
}

/** The bars in shared memory: every task that sends them afterwards passes a reference, not a copy
 *  (a grid sends the same bars with each of its chunks). Bars already there are returned as they are. */
export function sharedBars(bars: DailyBars): DailyBars {
  if (bars.close.buffer instanceof SharedArrayBuffer && bars.day.buffer instanceof SharedArrayBuffer) return bars;
  const out = allocSharedBars(bars.close.length);
  for (const k of ['day', 'open', 'high', 'low', 'close', 'volume'] as const) out[k].set(bars[k]);
  return out;
}
