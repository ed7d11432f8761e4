import { parseNumberInput } from '@app/contract';

/** A whole number from a user's input, clamped to [min, max]; `fallback` when it is not a number. */
export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'string' ? (parseNumberInput(value) ?? NaN) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}
