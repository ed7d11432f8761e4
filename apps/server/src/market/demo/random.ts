/** A small seeded PRNG (mulberry32) with the draws the demo generator needs. Same seed, same
 *  sequence, on every platform: only 32-bit integer math and IEEE doubles. */
export class Rng {
  private a: number;

  constructor(seed: number) {
    this.a = seed | 0;
  }

  /** A stream independent of others: mixes the parts into one 32-bit seed (murmur3 finalizer). */
  static of(...parts: number[]): Rng {
    let h = 0x9e3779b9;
    for (const p of parts) {
      h = Math.imul(h ^ (p | 0), 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      h = (h + Math.floor(p / 4294967296)) | 0; // keep the high bits of large seeds
    }
    return new Rng(h);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) | 0;
    let t = Math.imul(this.a ^ (this.a >>> 15), 1 | this.a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uniform(lo: number, hi: number) {
    return lo + (hi - lo) * this.next();
  }

  int(lo: number, hiInclusive: number) {
    return lo + Math.floor(this.next() * (hiInclusive - lo + 1));
  }

  chance(p: number) {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const keys = Object.keys(weights) as K[];
    let total = 0;
    for (const k of keys) total += weights[k];
    let x = this.next() * total;
    for (const k of keys) {
      x -= weights[k];
      if (x < 0) return k;
    }
    return keys[keys.length - 1];
  }

  /** Standard normal, by inverse-CDF table lookup: one uniform draw per value and no
   *  transcendental math, which matters at ~30 M draws per demo market. Tails reach ±4.3σ. */
  normal(): number {
    return NORMAL_TABLE[(this.next() * TABLE_SIZE) | 0];
  }
}

const TABLE_SIZE = 1 << 16;
const NORMAL_TABLE = (() => {
  const t = new Float64Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) t[i] = inverseNormal((i + 0.5) / TABLE_SIZE);
  return t;
})();

/** Acklam's rational approximation of the normal quantile (relative error < 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - lo) return -inverseNormal(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}
