import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { DailyBars } from '@app/quant';

/** A task's result whose typed arrays move to the calling thread instead of being copied. Typed as
 *  the value itself: that is what the caller receives (the pool unwraps it). Arrays whose memory is
 *  shared (SharedArrayBuffer) need no moving and are left out. */
export function transferable<T>(value: T, arrays: ArrayBufferView[]): T {
  const buffers = [...new Set(arrays.map((a) => a.buffer))].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value as object }) as unknown as T;
}

/** The bars in shared memory: every task that sends them afterwards passes a reference, not a copy
 *  (a grid sends the same bars with each of its chunks). */
export function sharedBars(bars: DailyBars): DailyBars {
  const share = <A extends Int32Array | Float64Array>(a: A, make: (b: SharedArrayBuffer) => A): A => {
    if (a.buffer instanceof SharedArrayBuffer) return a;
    const copy = make(new SharedArrayBuffer(a.byteLength));
    copy.set(a);
    return copy;
  };
  const f64 = (a: Float64Array) => share(a, (b) => new Float64Array(b));
  return { day: share(bars.day, (b) => new Int32Array(b)), open: f64(bars.open), high: f64(bars.high), low: f64(bars.low), close: f64(bars.close), volume: f64(bars.volume) };
}
