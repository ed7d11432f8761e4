import { move, transferableSymbol, valueSymbol } from 'piscina';

/** A task's result whose typed arrays move to the calling thread instead of being copied. Typed as
 *  the value itself: that is what the caller receives (the pool unwraps it). Arrays whose memory is
 *  shared (SharedArrayBuffer) need no moving and are left out. */
export function transferable<T>(value: T, arrays: ArrayBufferView[]): T {
  const buffers = [...new Set(arrays.map((a) => a.buffer))].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value as object }) as unknown as T;
}
