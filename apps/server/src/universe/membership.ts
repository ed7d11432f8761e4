// A universe's members on each day, as of that day's close: a symbol is a member on day d when it has
// a bar on d, passes the saved scan's filters as of d (scanner/filters.ts, read through a view of
// one past close: indicators on the bars up to d, fundamentals FILED by d, market cap = d's close ×
// the shares of the latest filing by d) and clears the floors (d's close and the average dollar
// volume of the 20 bars up to d). Runs on an engine thread, one symbol at a time; the answer is one
// byte per bar of the run's period.
import { dayChange, type RunFloors, type ScanQuery } from '@app/contract';
import { indicators } from '@app/quant';
import type { SeriesEntry } from '../market/seriesCache.ts';
import { scanStages, type ScanView } from '../scanner/filters.ts';
import { sharesAsOf, type ValueSpec } from '../scanner/values.ts';

/** Bars of the dollar-volume floor's average. */
export const DOLLAR_VOLUME_BARS = 20;

export interface MembershipRule {
  /** the saved scan, evaluated day by day; null: every symbol of the universe passes */
  query: ScanQuery | null;
  floors: RunFloors | null;
}

export interface Membership {
  /** 1 on the bars [from, to) of the entry where the symbol is a member */
  allowed: Uint8Array;
  /** days with a bar in the period that failed a floor */
  floorRemoved: number;
  members: number;
}

/** Whether a rule leaves every bar a member (no scan, no floors): the run is then the plain one. */
export const gatesNothing = (r: MembershipRule) => !r.query && (!r.floors || (r.floors.min_price === null && r.floors.min_dollar_volume === null));

export function membership(e: SeriesEntry, rule: MembershipRule, from: number, to: number): Membership {
  const { close, volume } = e.bars;
  const allowed = new Uint8Array(to - from);
  const scan = rule.query ? pointInTimeScan(e, rule.query) : null;
  const minPrice = rule.floors?.min_price ?? null;
  const minDollarVolume = rule.floors?.min_dollar_volume ?? null;
  const dollarVolume = minDollarVolume === null ? null : indicators.sma(dollarVolumes(close, volume), DOLLAR_VOLUME_BARS);
  let floorRemoved = 0;
  let members = 0;
  for (let k = from; k < to; k++) {
    // the floors first (two reads), the scan only on the days they leave; NaN (fewer than 20 bars
    // yet) never clears a floor
    const floorsHold = (minPrice === null || close[k] >= minPrice) && (dollarVolume === null || dollarVolume[k] >= minDollarVolume!);
    if (!floorsHold) {
      floorRemoved++;
      continue;
    }
    if (scan && !scan(k)) continue;
    allowed[k - from] = 1;
    members++;
  }
  return { allowed, floorRemoved, members };
}

/** close × volume per bar. A plain loop: Float64Array.from with a mapping function walks an iterator
 *  and calls the function per element, several times slower on every symbol of every run. */
function dollarVolumes(close: Float64Array, volume: Float64Array): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) out[i] = close[i] * volume[i];
  return out;
}

/** The scan's verdict on bar k of one symbol: every filter, as the scanner has it, as of k's close. */
function pointInTimeScan(e: SeriesEntry, q: ScanQuery): (k: number) => boolean {
  const { close, volume } = e.bars;
  let k = 0;
  const series = new Map<string, Float64Array>();
  let shares: Float64Array | null = null;
  const view: ScanView = {
    entry: () => e,
    bar: () => k,
    price: () => close[k],
    volume: () => volume[k],
    chg: () => (k > 0 ? (dayChange(close[k], close[k - 1])?.percent ?? NaN) : NaN),
    marketCap: () => close[k] * (shares ??= sharesAsOf(e))[k],
    value: (spec: ValueSpec) => {
      let s = series.get(spec.key);
      if (!s) series.set(spec.key, (s = spec.series(e)));
      return s[k];
    },
  };
  const stages = scanStages(view, q);
  return (at) => {
    k = at;
    for (const s of stages) if (!s.keep(0)) return false;
    return true;
  };
}
