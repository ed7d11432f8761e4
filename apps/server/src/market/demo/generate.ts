import { windowBars, type DailyBars } from '@app/quant';
import { emptyBars } from '../barChunks.ts';
import type { FundamentalMetric, FundamentalPeriod, SymbolInfo } from '../repository.ts';
import { Rng } from './random.ts';
import {
  ETF_SPONSORS, ETF_THEMES, INDUSTRIES, MARKETS, NAME_ROOTS, NAME_SUFFIXES, NAME_WORDS, SECTORS,
  type DemoMarket, type DemoSector,
} from './names.ts';

// The deterministic demo market: a pure function of (seed, count, last session). Nothing here does
// I/O; seed.ts writes the result through the repository.
//
// Prices: a market factor plus, per symbol, beta exposure, GARCH(1,1) idiosyncratic volatility
// (so busy stretches cluster), drift regimes that switch every few months (trends), overnight gaps
// with larger ones on quarterly earnings days, and volume that rises with volatility, news and
// earnings and dips in late December. Each symbol's series is scaled so its last close matches the
// price its market cap bucket calls for, then rounded to cents (4 decimals below $1).
//
// Fundamentals (equities only; ETFs have none) come from one accounting model rolled forward
// quarter by quarter, in whole dollars, so the statements agree with each other:
//   assets = liabilities + equity; cash(t) − cash(t−1) = netcashflow = ocf + icf + financing;
//   fcf = ocf − capex; ebitda = ebit + D&A; netcash = totalcash − debt;
//   workingcapital = current assets − current liabilities.
// Annual periods are the calendar years' four quarters: flows summed, balances at year end.
// Units: money in US dollars, EPS in dollars per share; operatingmargin, netprofitmargin, roe, roa and
// roic in PERCENT (as a stock screener shows them, 12.5 = 12.5 %); debttoequity, currentratio and
// quickratio as plain ratios (1.8 = 1.8×). Ratios are exact quotients of the stored numbers:
//   operatingmargin = operatingincome / revenue · 100    netprofitmargin = netincome / revenue · 100
//   roe = netincome / totalequity · 100                   roa = netincome / totalassets · 100
//   roic = ebit · (1 − 21 %) / (totalequity + debt − totalcash) · 100, debt = totalcash − netcash
//   debttoequity = debt / totalequity (as SEC EDGAR)        currentratio = (workingcapital + currentliabilities) / currentliabilities
//   quickratio = (current assets − inventory) / currentliabilities
// Quarterly ratios use the quarter's income (not annualized). Ratios over a non-positive equity are null.

export interface DemoOptions {
  seed: number;
  count: number;
  /** the last session, days since 1970-01-01; see lastWeekdayBefore */
  endDay: number;
}

export interface DemoListing {
  info: SymbolInfo;
  bars: DailyBars;
  /** quarterly then annual periods, oldest first within each */
  fundamentals: FundamentalPeriod[];
}

export const TAX_RATE = 0.21;
export const QUARTERS = 24; // 6 years of quarters → at least 5 complete calendar years
const MIN_HISTORY_YEARS = 12;
const DAY_MS = 86_400_000;

const weekday = (day: number) => (day + 4) % 7; // 0 = Sunday; 1970-01-01 was a Thursday
const isWeekday = (day: number) => {
  const w = weekday(day);
  return w !== 0 && w !== 6;
};
const ymd = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (y: number, m: number, d: number) => Date.UTC(y, m, d) / DAY_MS;

/** The last weekday strictly before `now` (UTC): the demo history's final session. */
export function lastWeekdayBefore(now: Date): number {
  let day = Math.floor(now.getTime() / DAY_MS) - 1;
  while (!isWeekday(day)) day--;
  return day;
}

/** Weekdays from 12 years and a week before endDay through endDay: at least 12 years, and no
 *  more (every extra year is ~7 % more to write at first start and to load at every start). */
export function demoCalendar(endDay: number): Int32Array {
  const end = new Date(endDay * DAY_MS);
  const start = dayOf(end.getUTCFullYear() - MIN_HISTORY_YEARS, end.getUTCMonth(), end.getUTCDate()) - 7;
  const days: number[] = [];
  for (let d = start; d <= endDay; d++) if (isWeekday(d)) days.push(d);
  return Int32Array.from(days);
}

// ---------------------------------------------------------------------------------------------
// Listings

type Plan = {
  instrType: 'EQUITY' | 'ETF';
  market: DemoMarket;
  sector: DemoSector;
  industry: string;
  etfTheme?: (typeof ETF_THEMES)[number];
  shortHistory: boolean;
};

const EQUITY_MARKETS: Record<DemoMarket, number> = { NASDAQ: 42, NYSE: 28, AMEX: 8, BATS: 2, NYSEARCA: 2, OTCBB: 7, PINK: 11 };
const ETF_MARKETS: Partial<Record<DemoMarket, number>> = { NYSEARCA: 60, NASDAQ: 20, BATS: 20 };
const SECTOR_WEIGHTS: Record<DemoSector, number> = {
  'Basic Materials': 4, 'Consumer Discretionary': 13, 'Consumer Staples': 4, Energy: 4, Finance: 18,
  'Health Care': 14, Industrials: 9, Miscellaneous: 2, 'Real Estate': 5, Technology: 13, Telecommunications: 3, Utilities: 3,
};

/** The first symbols are laid out so that even a small market covers every sector, market,
 *  instrument type and a few short histories; the rest are drawn at random. */
function planListing(i: number, rng: Rng): Plan {
  let instrType: Plan['instrType'] = rng.chance(0.12) ? 'ETF' : 'EQUITY';
  let market: DemoMarket | undefined;
  let sector: DemoSector | undefined;
  let shortHistory = rng.chance(0.03);
  if (i < 12) {
    instrType = 'EQUITY';
    sector = SECTORS[i];
    market = MARKETS[i % MARKETS.length];
    shortHistory = false;
  } else if (i < 15) {
    instrType = 'ETF';
    market = (['NYSEARCA', 'BATS', 'NASDAQ'] as const)[i - 12];
  } else if (i < 17) {
    instrType = 'EQUITY';
    shortHistory = true;
  }
  if (instrType === 'ETF') {
    const etfTheme = ETF_THEMES[i < 15 ? i - 12 : rng.int(0, ETF_THEMES.length - 1)];
    return {
      instrType,
      market: market ?? (rng.weighted(ETF_MARKETS as Record<DemoMarket, number>)),
      sector: etfTheme.sector,
      industry: etfTheme.industry,
      etfTheme,
      shortHistory,
    };
  }
  sector ??= rng.weighted(SECTOR_WEIGHTS);
  return { instrType, market: market ?? rng.weighted(EQUITY_MARKETS), sector, industry: rng.pick(INDUSTRIES[sector]), shortHistory };
}

/** log10 of the market cap (or fund assets) at the last session, by market. */
function logCapFor(plan: Plan, rng: Rng): number {
  if (plan.instrType === 'ETF') return clamp(9.3 + 0.9 * rng.normal(), 7.5, 11.8);
  const [mean, sd, lo, hi] = {
    NASDAQ: [9.0, 1.0, 7.0, 12.5], NYSE: [9.8, 0.9, 8.0, 12.6], AMEX: [8.0, 0.6, 6.8, 9.8], BATS: [8.6, 0.6, 7.5, 10],
    NYSEARCA: [8.4, 0.6, 7.3, 10], OTCBB: [7.2, 0.6, 5.8, 8.8], PINK: [6.9, 0.7, 5.5, 8.8],
  }[plan.market];
  return clamp(mean + sd * rng.normal(), lo, hi);
}

function priceFor(plan: Plan, logCap: number, rng: Rng): number {
  if (plan.instrType === 'ETF') return 10 ** clamp(1.6 + 0.35 * rng.normal(), 1.0, 2.8);
  if (plan.market === 'OTCBB' || plan.market === 'PINK') return 10 ** clamp(-0.6 + 0.6 * rng.normal(), -2, 1.3);
  return 10 ** clamp(1.35 + 0.3 * (logCap - 9) + 0.35 * rng.normal(), -0.3, 3.2);
}

class UniqueNames {
  private names = new Set<string>();
  private tickers = new Set<string>();

  companyName(sector: DemoSector, rng: Rng): string {
    for (let attempt = 0; ; attempt++) {
      const root = rng.pick(NAME_ROOTS);
      const base = rng.chance(0.7) ? `${root} ${rng.pick(NAME_WORDS[sector])}` : root;
      let name = `${base} ${rng.pick(NAME_SUFFIXES)}`;
      if (attempt > 20) name = `${base} ${['II', 'III', 'IV', 'V', 'VI'][attempt % 5]} ${rng.pick(NAME_SUFFIXES)}`;
      if (!this.names.has(name) || attempt > 40) return this.take(name, attempt);
    }
  }

  etfName(theme: string, rng: Rng): string {
    for (let attempt = 0; ; attempt++) {
      const name = `${rng.pick(ETF_SPONSORS)} ${theme} ETF${attempt > 10 ? ` ${attempt}` : ''}`;
      if (!this.names.has(name)) return this.take(name, attempt);
    }
  }

  private take(name: string, attempt: number) {
    if (this.names.has(name)) name = `${name} (${attempt})`;
    this.names.add(name);
    return name;
  }

  /** First letter from the name, second Q or J, last Z or J: a shape no real US listing has. */
  ticker(name: string): string {
    const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
    const first = letters[0];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const thirds = [...new Set((letters.slice(1) + alphabet).split(''))];
    for (const second of ['Q', 'J']) for (const last of ['Z', 'J']) for (const third of thirds) {
      const t = first + second + third + last;
      if (!this.tickers.has(t)) return this.takeTicker(t);
    }
    for (const second of ['Q', 'J']) for (const third of thirds) for (const fourth of alphabet) for (const last of ['Z', 'J']) {
      const t = first + second + third + fourth + last;
      if (!this.tickers.has(t)) return this.takeTicker(t);
    }
    throw new Error('demo ticker space exhausted');
  }

  private takeTicker(t: string) {
    this.tickers.add(t);
    return t;
  }
}

// ---------------------------------------------------------------------------------------------
// Prices

interface MarketFactor {
  ret: Float64Array; // daily log return of the market
  vol: Float64Array; // its conditional daily volatility
}

/** The common market move: GARCH volatility, bull and bear regimes, and a few sharp sell-offs. */
function marketFactor(seed: number, n: number): MarketFactor {
  const rng = Rng.of(seed, 0x6d61726b);
  const ret = new Float64Array(n);
  const vol = new Float64Array(n);
  const lr = 0.16 / Math.sqrt(252);
  const alpha = 0.09;
  const beta = 0.89;
  const omega = lr * lr * (1 - alpha - beta);
  let v = lr * lr;
  let drift = 0.09 / 252;
  let prev = 0;
  for (let t = 0; t < n; t++) {
    v = omega + alpha * prev * prev + beta * v;
    if (rng.chance(1 / 180)) drift = (rng.chance(0.75) ? rng.uniform(0.04, 0.25) : rng.uniform(-0.35, -0.05)) / 252;
    let r = drift + Math.sqrt(v) * rng.normal();
    if (rng.chance(1 / 1400)) r -= rng.uniform(0.04, 0.1); // a crash day; GARCH carries the aftershocks
    vol[t] = Math.sqrt(v);
    ret[t] = r;
    prev = r - drift;
  }
  return { ret, vol };
}

function roundPrice(p: number) {
  return p >= 1 ? Math.round(p * 100) / 100 : Math.max(0.0001, Math.round(p * 10000) / 10000);
}

interface PricePath {
  bars: DailyBars;
  ret: Float64Array; // close-to-close log return (0 on the first bar)
  vol: Float64Array; // conditional daily vol
  earnings: Uint8Array; // 1 on earnings days
}

function pricePath(calendar: Int32Array, start: number, mkt: MarketFactor, p: {
  annualVol: number; beta: number; lastPrice: number; earnings: boolean; finish?: Finish;
}, rng: Rng): PricePath {
  const n = calendar.length - start;
  const bars = emptyBars(n);
  const ret = new Float64Array(n);
  const vol = new Float64Array(n);
  const earnings = new Uint8Array(n);
  const mktLr = 0.16 / Math.sqrt(252);
  const idioLr = Math.sqrt(Math.max((p.annualVol / Math.sqrt(252)) ** 2 - (p.beta * mktLr) ** 2, (0.03 / Math.sqrt(252)) ** 2));
  // alpha + beta < 1 keeps the variance stationary around its long-run level.
  const alpha = rng.uniform(0.04, 0.1);
  const beta = rng.uniform(0.8, 0.96 - alpha);
  const omega = idioLr * idioLr * (1 - alpha - beta);
  let v = idioLr * idioLr;
  let prevShock = 0;
  let drift = rng.normal() * 0.15 / 252;
  // Trends wander around a long-run growth line and are pulled back to it slowly, so a dozen
  // years stay within a believable range instead of drifting off by orders of magnitude.
  const growth = (0.06 + 0.08 * rng.normal()) / 252;
  const pull = 0.002;
  const earnOffset = rng.int(0, 62);
  // Log prices first (unscaled), then shift so the last close is the target price.
  const logOpen = new Float64Array(n);
  const logClose = new Float64Array(n);
  const logHigh = new Float64Array(n);
  const logLow = new Float64Array(n);
  let lc = 0;
  for (let k = 0; k < n; k++) {
    const t = start + k;
    v = omega + alpha * prevShock * prevShock + beta * v;
    if (rng.chance(1 / 90)) drift = rng.normal() * (0.05 + p.annualVol * 0.35) / 252; // a new trend
    const isEarn = p.earnings && (t + earnOffset) % 63 === 0;
    earnings[k] = isEarn ? 1 : 0;
    const shock = Math.sqrt(v) * rng.normal();
    let gapShock = 0;
    if (isEarn) gapShock = Math.sqrt(v) * rng.normal() * rng.uniform(2, 5);
    else if (rng.chance(0.004)) gapShock = Math.sqrt(v) * rng.normal() * 4; // news
    let r = k === 0 ? 0 : drift + pull * (growth * k - lc) + p.beta * mkt.ret[t] + shock + gapShock;
    const fromEnd = n - 1 - k;
    if (p.finish === 'selloff' && fromEnd < SELLOFF_DAYS) r = -rng.uniform(0.02, 0.035);
    if (p.finish === 'breakout' && fromEnd === 0) r = rng.uniform(0.045, 0.07);
    // Part of the move happens overnight: the gap is the earnings/news jump plus a slice of the rest.
    const gap = k === 0 ? 0 : gapShock + (r - gapShock) * rng.uniform(0.05, 0.35);
    const o = lc + gap;
    const c = lc + r;
    const dayVol = Math.sqrt(v + (p.beta * mkt.vol[t]) ** 2);
    logOpen[k] = o;
    logClose[k] = c;
    logHigh[k] = Math.max(o, c) + Math.abs(rng.normal()) * dayVol * 0.55;
    logLow[k] = Math.min(o, c) - Math.abs(rng.normal()) * dayVol * 0.55;
    ret[k] = r;
    vol[k] = dayVol;
    prevShock = shock + gapShock * 0.5;
    lc = c;
  }
  const shift = Math.log(p.lastPrice) - lc;
  for (let k = 0; k < n; k++) {
    bars.day[k] = calendar[start + k];
    const o = roundPrice(Math.exp(logOpen[k] + shift));
    const c = roundPrice(Math.exp(logClose[k] + shift));
    bars.open[k] = o;
    bars.close[k] = c;
    bars.high[k] = Math.max(o, c, roundPrice(Math.exp(logHigh[k] + shift)));
    bars.low[k] = Math.min(o, c, roundPrice(Math.exp(logLow[k] + shift)));
  }
  return { bars, ret, vol, earnings };
}

/** How a showcase listing's history ends (see SHOWCASES). */
type Finish = 'selloff' | 'breakout';
const SELLOFF_DAYS = 10; // ten falling sessions in a row take RSI(14) well under 30

/** Dec 22–31: the quiet holiday weeks. */
function lateDecember(day: number) {
  // Days from 1 January of the day's year; Dec 22 is day 355 (356 in leap years).
  const y = Math.floor((day + 0.5) / 365.2425) + 1970;
  let jan1 = dayOf(y, 0, 1);
  let year = y;
  if (jan1 > day) jan1 = dayOf(--year, 0, 1);
  else if (dayOf(y + 1, 0, 1) <= day) jan1 = dayOf(++year, 0, 1);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day - jan1 >= (leap ? 356 : 355);
}

/** Volume: shares outstanding × turnover, busier when volatility or the day's move is large, on
 *  earnings and news, quieter in the holiday weeks; slowly trending over the years. */
function fillVolume(path: PricePath, shares: number, turnover: number, lrVol: number, rng: Rng, finish?: Finish) {
  const { bars, ret, vol, earnings } = path;
  const n = bars.day.length;
  let level = rng.normal() * 0.3;
  const base = shares * turnover;
  for (let k = 0; k < n; k++) {
    level = 0.995 * level + 0.02 * rng.normal(); // slow drift in interest
    const holiday = lateDecember(bars.day[k]) ? -0.5 : 0;
    const friday = weekday(bars.day[k]) === 5 ? -0.08 : 0;
    const busy = 0.7 * Math.log(vol[k] / lrVol) + 0.35 * Math.min(Math.abs(ret[k]) / vol[k], 6);
    let spike = earnings[k] ? rng.uniform(0.8, 1.6) : rng.chance(0.01) ? rng.uniform(0.7, 2) : 0;
    if (finish === 'breakout' && k === n - 1) spike = Math.max(spike, 1.2); // the breakout trades heavily
    const v = base * Math.exp(level + busy + spike + holiday + friday + 0.3 * rng.normal() - 0.3);
    bars.volume[k] = Math.max(100, Math.round(v / 100) * 100);
  }
}

// ---------------------------------------------------------------------------------------------
// Fundamentals

const SECTOR_MODEL: Record<DemoSector, {
  gm: number; om: number; ps: number; assetsToRevenue: number; inventory: number; debt: number; otherLiab: number;
}> = {
  'Basic Materials': { gm: 0.3, om: 0.12, ps: 1.5, assetsToRevenue: 1.4, inventory: 0.9, debt: 0.25, otherLiab: 0.12 },
  'Consumer Discretionary': { gm: 0.38, om: 0.08, ps: 1.5, assetsToRevenue: 1.0, inventory: 0.8, debt: 0.25, otherLiab: 0.1 },
  'Consumer Staples': { gm: 0.35, om: 0.11, ps: 1.8, assetsToRevenue: 1.1, inventory: 0.7, debt: 0.28, otherLiab: 0.12 },
  Energy: { gm: 0.35, om: 0.12, ps: 1.3, assetsToRevenue: 2.0, inventory: 0.3, debt: 0.3, otherLiab: 0.12 },
  Finance: { gm: 0.85, om: 0.28, ps: 3, assetsToRevenue: 8, inventory: 0, debt: 0.1, otherLiab: 0.75 },
  'Health Care': { gm: 0.6, om: 0.05, ps: 5, assetsToRevenue: 1.5, inventory: 0.5, debt: 0.2, otherLiab: 0.1 },
  Industrials: { gm: 0.3, om: 0.1, ps: 1.6, assetsToRevenue: 1.1, inventory: 0.9, debt: 0.3, otherLiab: 0.12 },
  Miscellaneous: { gm: 0.4, om: 0.08, ps: 1.5, assetsToRevenue: 1.0, inventory: 0.3, debt: 0.25, otherLiab: 0.1 },
  'Real Estate': { gm: 0.6, om: 0.25, ps: 6, assetsToRevenue: 9, inventory: 0, debt: 0.5, otherLiab: 0.05 },
  Technology: { gm: 0.6, om: 0.15, ps: 5, assetsToRevenue: 1.2, inventory: 0.3, debt: 0.15, otherLiab: 0.1 },
  Telecommunications: { gm: 0.5, om: 0.15, ps: 2, assetsToRevenue: 2.5, inventory: 0.2, debt: 0.4, otherLiab: 0.12 },
  Utilities: { gm: 0.4, om: 0.18, ps: 2, assetsToRevenue: 3.5, inventory: 0.2, debt: 0.4, otherLiab: 0.15 },
};

/** Quarter ends (Mar 31, Jun 30, Sep 30, Dec 31), the latest at least 40 days before endDay. */
export function quarterEnds(endDay: number, count = QUARTERS): number[] {
  const ends: number[] = [];
  const endDate = new Date(endDay * DAY_MS);
  let y = endDate.getUTCFullYear();
  let q = 3;
  for (;;) {
    const d = dayOf(y, 3 * q + 3, 0); // day 0 of the next month = last day of the quarter
    if (d <= endDay - 40) break;
    if (--q < 0) { q = 3; y--; }
  }
  while (ends.length < count) {
    ends.push(dayOf(y, 3 * q + 3, 0));
    if (--q < 0) { q = 3; y--; }
  }
  return ends.reverse();
}

interface QuarterBook {
  end: number;
  revenue: number; cogs: number; opex: number; da: number; otherIncome: number; interest: number; tax: number;
  capex: number; otherInvest: number; debtChange: number; issued: number; dividends: number; buybacks: number;
  ocf: number;
  // balances at quarter end
  cash: number; receivables: number; inventory: number; ppe: number; otherAssets: number;
  debt: number; payables: number; accrued: number; otherLiab: number; equity: number;
}

function companyBooks(p: { sector: DemoSector; marketCap: number; logCap: number; endDay: number }, rng: Rng): QuarterBook[] {
  const m = SECTOR_MODEL[p.sector];
  const ends = quarterEnds(p.endDay);
  const small = Math.min(0, p.logCap - 9); // ≤ 0: smaller companies are less profitable
  const gm = clamp(m.gm + 0.08 * rng.normal(), 0.08, 0.95);
  let om = m.om + 0.07 * rng.normal() + 0.07 * small;
  if (p.sector === 'Health Care' && rng.chance(0.35 - 0.1 * small)) om = -rng.uniform(0.2, 2); // cash-burning biotech
  om = Math.min(om, gm - 0.02);
  const ps = m.ps * Math.exp(0.45 * rng.normal()) * (om < 0 ? 1.8 : 1);
  const growth = 0.07 + 0.12 * rng.normal();
  const season = [1, 1, 1, 1].map(() => 1 + 0.04 * rng.normal());
  const lastAnnualRevenue = p.marketCap / ps;
  const daRate = rng.uniform(0.02, 0.08) * (m.assetsToRevenue > 2 ? 2 : 1);
  const capexRate = daRate * rng.uniform(0.9, 1.5);
  const arDays = rng.uniform(0.3, 0.9);
  const payout = rng.chance(0.45) ? rng.uniform(0.15, 0.6) : 0;
  const buyback = rng.chance(0.3) ? rng.uniform(0.05, 0.4) : 0;
  const cashCeiling = rng.uniform(1, 3); // quarters of revenue kept; above it, surplus is returned
  const accruedRate = rng.uniform(0.25, 0.7);
  const rate = rng.uniform(0.035, 0.08) / 4;
  const revenueAt = (k: number) =>
    Math.max(10_000, Math.round((lastAnnualRevenue / 4) * Math.exp(-growth * (ends.length - 1 - k) / 4) * season[k % 4] * Math.exp(0.03 * rng.normal())));

  // Opening balance sheet (just before the first quarter), sized from that quarter's revenue.
  const r0 = revenueAt(0);
  const assets0 = 4 * r0 * m.assetsToRevenue * Math.exp(0.2 * rng.normal());
  let cash = Math.round(assets0 * rng.uniform(0.05, 0.2));
  let receivables = Math.round(r0 * arDays);
  let inventory = Math.round(r0 * m.inventory * rng.uniform(0.6, 1.4));
  const fixed = Math.max(0, assets0 - cash - receivables - inventory);
  let ppe = Math.round(fixed * rng.uniform(0.3, 0.7));
  let otherAssets = Math.round(fixed) - ppe;
  const total0 = cash + receivables + inventory + ppe + otherAssets;
  let payables = Math.round(r0 * (1 - gm) * rng.uniform(0.3, 0.6));
  let accrued = Math.round(r0 * accruedRate);
  let debt = Math.round(total0 * m.debt * Math.exp(0.3 * rng.normal()));
  let otherLiab = Math.round(total0 * m.otherLiab);
  // Keep equity at least 10% of assets at the start.
  const maxLiab = total0 * 0.9;
  if (debt + payables + accrued + otherLiab > maxLiab) {
    const over = debt + payables + accrued + otherLiab - maxLiab;
    const cut = Math.min(over, otherLiab);
    otherLiab -= Math.round(cut);
    debt = Math.max(0, debt - Math.round(over - cut));
  }
  let equity = total0 - (debt + payables + accrued + otherLiab);

  const books: QuarterBook[] = [];
  for (let k = 0; k < ends.length; k++) {
    const revenue = k === 0 ? r0 : revenueAt(k);
    const gmNow = clamp(gm + 0.01 * rng.normal(), 0.05, 0.97);
    const gross = Math.round(revenue * gmNow);
    const opInc = Math.min(gross, Math.round(revenue * Math.min(om + 0.015 * rng.normal(), gmNow - 0.01)));
    const cogs = revenue - gross;
    const da = Math.min(Math.round(revenue * daRate), ppe);
    const opex = gross - opInc; // includes D&A
    const otherIncome = Math.round(revenue * 0.005 * rng.normal());
    const interest = Math.round(debt * rate);
    const pretax = opInc + otherIncome - interest;
    const tax = pretax > 0 ? Math.round(pretax * TAX_RATE) : 0;
    const netIncome = pretax - tax;

    const newRec = Math.round(revenue * arDays * (1 + 0.05 * rng.normal()));
    const newInv = Math.round(revenue * m.inventory * (1 + 0.08 * rng.normal()));
    const newPay = Math.round(cogs * rng.uniform(0.3, 0.6));
    const newAcc = Math.round(revenue * accruedRate * rng.uniform(0.9, 1.1));
    const wcChange = newRec - receivables + (newInv - inventory) - (newPay - payables) - (newAcc - accrued);
    const ocf = netIncome + da - wcChange;
    const capex = Math.round(revenue * capexRate * rng.uniform(0.7, 1.3));
    const otherInvest = Math.round(revenue * 0.01 * Math.abs(rng.normal()));
    const icf = -capex - otherInvest;
    const dividends = netIncome > 0 ? Math.round(netIncome * payout) : 0;
    let buybacks = netIncome > 0 ? Math.round(netIncome * buyback * rng.uniform(0, 2)) : 0;
    let debtChange = Math.round(debt * 0.03 * rng.normal());
    if (debt + debtChange < 0) debtChange = -debt;
    // Raise equity when cash would run low (what cash-burning companies do).
    const minCash = Math.round(revenue * 0.5);
    let before = cash + ocf + icf + debtChange - dividends - buybacks;
    const surplus = before - Math.round(revenue * cashCeiling);
    if (surplus > 0) {
      const returned = Math.round(surplus * 0.5);
      buybacks += returned;
      before -= returned;
    }
    const issued = before < minCash ? minCash - before + Math.round(revenue * rng.uniform(0.5, 2)) : 0;

    cash = before + issued;
    receivables = newRec;
    inventory = newInv;
    payables = newPay;
    accrued = newAcc;
    ppe = ppe + capex - da;
    otherAssets += otherInvest;
    debt += debtChange;
    equity = equity + netIncome - dividends - buybacks + issued;
    books.push({
      end: ends[k], revenue, cogs, opex, da, otherIncome, interest, tax, capex, otherInvest, debtChange, issued, dividends,
      buybacks, ocf, cash, receivables, inventory, ppe, otherAssets, debt, payables, accrued, otherLiab, equity,
    });
  }
  return books;
}

/** The 28 metrics of one period from its flows (summed over its quarters) and closing balances. */
function metricsOf(flows: QuarterBook[], shares: number, dilution: number): Record<FundamentalMetric, number | null> {
  const last = flows[flows.length - 1];
  let revenue = 0, cogs = 0, opex = 0, otherIncome = 0, da = 0, interest = 0, tax = 0;
  let operatingcashflow = 0, capex = 0, otherInvest = 0, financingcashflow = 0;
  for (const q of flows) {
    revenue += q.revenue;
    cogs += q.cogs;
    opex += q.opex;
    otherIncome += q.otherIncome;
    da += q.da;
    interest += q.interest;
    tax += q.tax;
    operatingcashflow += q.ocf;
    capex += q.capex;
    otherInvest += q.otherInvest;
    financingcashflow += q.debtChange + q.issued - q.dividends - q.buybacks;
  }
  const grossprofit = revenue - cogs;
  const operatingincome = grossprofit - opex;
  const ebit = operatingincome + otherIncome;
  const netincome = ebit - interest - tax;
  const investingcashflow = -capex - otherInvest;
  const totalcash = last.cash;
  const currentAssets = last.cash + last.receivables + last.inventory;
  const currentliabilities = last.payables + last.accrued + Math.round(last.debt * 0.15); // debt due within a year
  const totalliabilities = last.debt + last.payables + last.accrued + last.otherLiab;
  const totalassets = currentAssets + last.ppe + last.otherAssets;
  const totalequity = totalassets - totalliabilities;
  const debt = last.debt;
  const netcash = totalcash - debt;
  const positiveEquity = totalequity > 0;
  const eps = netincome / shares;
  return {
    revenue,
    netincome,
    epsbasic: roundEps(eps),
    epsdiluted: roundEps(netincome > 0 ? eps / dilution : eps),
    operatingcashflow,
    fcf: operatingcashflow - capex,
    grossprofit,
    operatingincome,
    ebitda: ebit + da,
    ebit,
    totalassets,
    currentliabilities,
    totalliabilities,
    totalequity,
    totalcash,
    netcash,
    workingcapital: currentAssets - currentliabilities,
    investingcashflow,
    financingcashflow,
    netcashflow: operatingcashflow + investingcashflow + financingcashflow,
    operatingmargin: (operatingincome / revenue) * 100,
    netprofitmargin: (netincome / revenue) * 100,
    roe: positiveEquity ? (netincome / totalequity) * 100 : null,
    roa: (netincome / totalassets) * 100,
    roic: totalequity + debt - totalcash > 0 ? ((ebit * (1 - TAX_RATE)) / (totalequity + debt - totalcash)) * 100 : null,
    debttoequity: positiveEquity ? debt / totalequity : null,
    currentratio: currentAssets / currentliabilities,
    quickratio: (currentAssets - last.inventory) / currentliabilities,
  };
}

/** Reported EPS is in cents; tiny per-share figures keep 4 decimals so their sign survives. */
function roundEps(x: number) {
  const r = Math.abs(x) >= 0.05 ? Math.round(x * 100) / 100 : Math.round(x * 10000) / 10000;
  return r === 0 ? 0 : r; // never −0: it would not survive a trip through the database
}

/** When each period was filed and the shares outstanding it reported: a 10-Q 20–45 days after the
 *  quarter, a 10-K 45–60 days after the year (never after the listing's last session); shares drift
 *  slowly (buybacks, issuance) to today's count at the latest quarter. Its own random stream, so the
 *  statements and prices are those of a market without these two columns. */
interface Filings {
  filed(k: number, annual: boolean): string;
  shares(k: number): number;
}

function filingsOf(books: QuarterBook[], shares: number, lastDay: number, rng: Rng): Filings {
  const lags = books.map(() => [rng.int(20, 45), rng.int(45, 60)]);
  const drift = rng.uniform(-0.03, 0.05) / 4; // per quarter
  const last = books.length - 1;
  return {
    filed: (k, annual) => ymd(Math.min(lastDay, books[k].end + lags[k][annual ? 1 : 0])),
    shares: (k) => Math.max(100_000, Math.round(shares * Math.exp(drift * (k - last)))),
  };
}

function fundamentalsOf(symbol: string, books: QuarterBook[], shares: number, dilution: number, filings: Filings): FundamentalPeriod[] {
  const out: FundamentalPeriod[] = books.map((q, k) => ({
    symbol, period_type: 'QUARTERLY', period_end: ymd(q.end), filed: filings.filed(k, false), shares_outstanding: filings.shares(k),
    values: metricsOf([q], shares, dilution),
  }));
  for (let k = 0; k + 3 < books.length; k++) {
    const end = new Date(books[k].end * DAY_MS);
    if (end.getUTCMonth() !== 2) continue; // a calendar year starts with its March quarter
    const year = books.slice(k, k + 4);
    out.push({
      symbol, period_type: 'ANNUAL', period_end: ymd(year[3].end), filed: filings.filed(k + 3, true), shares_outstanding: filings.shares(k + 3),
      values: metricsOf(year, shares, dilution),
    });
  }
  return out;
}

/** Survivorship: some equities stop trading (delisted) between three months and eight years before
 *  the last session; their bars end there and their statements end before it. Drawn from a stream
 *  of their own, so the other listings are unchanged. The laid-out first listings always trade. */
const DELISTED_SHARE = 0.06;
function delistingIndex(i: number, plan: Plan, calendarLength: number, rng: Rng): number | null {
  if (i < 17 || plan.instrType !== 'EQUITY' || plan.shortHistory || !rng.chance(DELISTED_SHARE)) return null;
  return calendarLength - 1 - rng.int(60, 8 * 252);
}

// ---------------------------------------------------------------------------------------------

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Listings whose last sessions are shaped so that the scanner's presets (packages/contract
 *  SCANNER_PRESETS) find something even in a 10-symbol market: a large cap sold off for two weeks
 *  (oversold), and a large cap jumping on heavy volume on the last day. Index → finish. */
const SHOWCASES: ReadonlyMap<number, Finish> = new Map([[1, 'selloff'], [2, 'breakout']]);
/** log10 of a showcase's market cap at least: a large cap ($10B and up) with a busy tape. */
const SHOWCASE_LOG_CAP = 10.4;

/** Builds the whole demo market in memory (tests, small markets); see demoListings. */
export function generateDemoMarket(opts: DemoOptions): DemoListing[] {
  return [...demoListings(opts)];
}

/** The demo market one listing at a time, so the seeder can write it in batches without holding
 *  every series at once. Listing i depends only on (seed, i, endDay) and the names taken before it,
 *  so a smaller market is a prefix of a larger one with the same seed. */
export function* demoListings(opts: DemoOptions): Generator<DemoListing> {
  const calendar = demoCalendar(opts.endDay);
  const mkt = marketFactor(opts.seed, calendar.length);
  const names = new UniqueNames();
  for (let i = 0; i < opts.count; i++) {
    const rng = Rng.of(opts.seed, i, 0x6c697374);
    const plan = planListing(i, rng);
    const finish = SHOWCASES.get(i);
    const logCap = finish ? Math.max(SHOWCASE_LOG_CAP, logCapFor(plan, rng)) : logCapFor(plan, rng);
    const lastPrice = roundPrice(priceFor(plan, logCap, rng));
    const name = plan.etfTheme ? names.etfName(plan.etfTheme.theme, rng) : names.companyName(plan.sector, rng);
    const symbol = names.ticker(name);
    const isEtf = plan.instrType === 'ETF';
    const start = plan.shortHistory ? calendar.length - rng.int(60, 1500) : 0;
    const annualVol = isEtf ? plan.etfTheme!.vol * rng.uniform(0.9, 1.1) : clamp(0.2 + 0.11 * (10 - logCap) + 0.08 * rng.normal(), 0.15, 1.3);
    const beta = isEtf ? (plan.etfTheme!.industry === 'Bond ETF' ? 0.05 : plan.etfTheme!.industry === 'Commodity ETF' ? 0.1 : rng.uniform(0.85, 1.2)) : clamp(1 + 0.3 * rng.normal(), 0.3, 2);
    const pathRng = Rng.of(opts.seed, i, 0x70617468);
    const path = pricePath(calendar, start, mkt, { annualVol, beta, lastPrice, earnings: !isEtf, finish }, pathRng);
    const delistAt = delistingIndex(i, plan, calendar.length, Rng.of(opts.seed, i, 0x64656c73));
    const close = path.bars.close[path.bars.close.length - 1];
    const marketCap = 10 ** logCap;
    const shares = Math.max(100_000, Math.round(marketCap / close));
    const turnover = isEtf ? rng.uniform(0.005, 0.03) : clamp(0.004 * Math.exp(0.6 * rng.normal()), 0.0005, 0.05);
    fillVolume(path, shares, turnover, annualVol / Math.sqrt(252), pathRng, finish);
    const bars = delistAt === null ? path.bars : windowBars(path.bars, 0, delistAt + 1);
    const lastDay = bars.day[bars.day.length - 1];
    const info: SymbolInfo = {
      symbol, name, market: plan.market, instr_type: plan.instrType, sector: plan.sector, industry: plan.industry,
      market_cap: isEtf ? Math.round(marketCap) : Math.round(shares * bars.close[bars.close.length - 1]), is_demo: true, source: 'demo',
      ...(delistAt === null ? {} : { delisted_on: ymd(lastDay) }),
    };
    let fundamentals: FundamentalPeriod[] = [];
    if (!isEtf) {
      const books = companyBooks({ sector: plan.sector, marketCap: info.market_cap!, logCap, endDay: lastDay }, Rng.of(opts.seed, i, 0x66756e64));
      const filings = filingsOf(books, shares, lastDay, Rng.of(opts.seed, i, 0x66696c65));
      fundamentals = fundamentalsOf(symbol, books, shares, rng.uniform(1, 1.04), filings);
    }
    yield { info, bars, fundamentals };
  }
}
