import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNDAMENTAL_METRICS, type FundamentalPeriod } from '../repository.ts';
import { dayFromIso } from '../barChunks.ts';
import { demoCalendar, generateDemoMarket, lastWeekdayBefore, quarterEnds, TAX_RATE, type DemoListing } from './generate.ts';
import { MARKETS, SECTORS } from './names.ts';

const END_DAY = dayFromIso('2026-11-20'); // a Friday
const SEED = 20260101; // the default DEMO_SEED

function fingerprint(listings: DemoListing[]): string {
  const h = createHash('sha256');
  for (const l of listings) {
    h.update(JSON.stringify(l.info));
    for (const a of Object.values(l.bars)) h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    h.update(JSON.stringify(l.fundamentals));
  }
  return h.digest('hex');
}

const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));

describe('the demo market generator', () => {
  let market: DemoListing[];
  beforeAll(() => {
    market = generateDemoMarket({ seed: SEED, count: 1600, endDay: END_DAY });
  });

  it('lists 1,600 unique symbols over every market, sector and instrument type', () => {
    expect(market).toHaveLength(1600);
    expect(new Set(market.map((l) => l.info.symbol)).size).toBe(1600);
    expect(new Set(market.map((l) => l.info.name)).size).toBe(1600);
    const count = (key: (l: DemoListing) => string) => {
      const c = new Map<string, number>();
      for (const l of market) c.set(key(l), (c.get(key(l)) ?? 0) + 1);
      return c;
    };
    const markets = count((l) => l.info.market);
    for (const m of MARKETS) expect(markets.get(m), m).toBeGreaterThanOrEqual(20);
    expect([...markets.keys()].sort()).toEqual([...MARKETS].sort());
    const sectors = count((l) => (l.info.instr_type === 'EQUITY' ? l.info.sector! : 'ETF'));
    for (const s of SECTORS) expect(sectors.get(s), s).toBeGreaterThanOrEqual(20);
    const types = count((l) => l.info.instr_type);
    expect(types.get('ETF')).toBeGreaterThan(100);
    expect(types.get('EQUITY')).toBeGreaterThan(1200);
    for (const l of market) {
      expect(l.info.industry).toBeTruthy();
      expect(l.info.market_cap).toBeGreaterThan(0);
      expect(l.info.is_demo).toBe(true);
    }
  });

  it('covers every market, sector and type even in the 300-symbol market of the browser tests', () => {
    const small = market.slice(0, 300);
    expect(new Set(small.map((l) => l.info.market)).size).toBe(MARKETS.length);
    expect(new Set(small.filter((l) => l.info.instr_type === 'EQUITY').map((l) => l.info.sector)).size).toBe(SECTORS.length);
    expect(new Set(small.map((l) => l.info.instr_type))).toEqual(new Set(['EQUITY', 'ETF']));
  });

  it('uses tickers of a shape real US listings do not have', () => {
    for (const l of market) expect(l.info.symbol).toMatch(/^[A-Z][QJ][A-Z]{1,2}[ZJ]$/);
  });

  const shared = new URL('../../../../../../shared/market-data/', import.meta.url);
  const screener = new URL('nasdaq-screener-2026-08/', shared);
  it.skipIf(!existsSync(screener))('shares no ticker with a real listing (needs ../shared/market-data)', () => {
    const real = new Set<string>();
    for (const f of ['nasdaq', 'nyse', 'amex']) {
      for (const r of JSON.parse(readFileSync(new URL(`${f}.json`, screener), 'utf8')) as Array<{ symbol: string }>) real.add(r.symbol.trim().toUpperCase());
    }
    for (const line of readFileSync(new URL('sp500-constituents.csv', shared), 'utf8').split('\n').slice(1)) real.add(line.split(',')[0].trim().toUpperCase());
    expect(real.size).toBeGreaterThan(5000);
    expect(market.map((l) => l.info.symbol).filter((s) => real.has(s))).toEqual([]);
  });

  it('gives every listing at least 12 years of weekday sessions ending on the last session, but a few short ones and a few delisted', () => {
    const calendar = demoCalendar(END_DAY);
    const twelveYearsBefore = dayFromIso('2014-11-20');
    let short = 0;
    let delisted = 0;
    for (const l of market) {
      const d = l.bars.day;
      for (let i = 1; i < d.length; i++) if (d[i] <= d[i - 1]) throw new Error(`${l.info.symbol}: days not ascending`);
      if (l.info.delisted_on) {
        // stopped trading: its bars end on the day it is marked delisted, its statements before that
        delisted++;
        expect(l.info.instr_type).toBe('EQUITY');
        expect(new Date(d[d.length - 1] * 86_400_000).toISOString().slice(0, 10)).toBe(l.info.delisted_on);
        expect(d[d.length - 1]).toBeLessThan(END_DAY);
        for (const f of l.fundamentals) expect(f.filed! <= l.info.delisted_on).toBe(true);
        continue;
      }
      expect(d[d.length - 1]).toBe(END_DAY);
      if (d[0] > twelveYearsBefore) short++;
      else expect(d.length).toBeGreaterThan(12 * 250);
    }
    expect(calendar[0]).toBeLessThanOrEqual(twelveYearsBefore);
    for (const day of calendar) expect([0, 6]).not.toContain((day + 4) % 7);
    expect(short).toBeGreaterThanOrEqual(10);
    expect(short).toBeLessThan(120);
    expect(delisted).toBeGreaterThanOrEqual(40);
    expect(delisted).toBeLessThan(160);
  });

  it('files every period 20 to 60 days after it ends (never after the last session) with the shares outstanding, slowly varying', () => {
    for (const l of market) {
      if (!l.fundamentals.length) continue;
      let prevShares: number | null = null;
      for (const f of l.fundamentals) {
        const lag = dayFromIso(f.filed!) - dayFromIso(f.period_end);
        if (dayFromIso(f.filed!) < END_DAY && !l.info.delisted_on) {
          expect(lag).toBeGreaterThanOrEqual(20);
          expect(lag).toBeLessThanOrEqual(60);
        }
        expect(lag).toBeGreaterThan(0);
        expect(dayFromIso(f.filed!)).toBeLessThanOrEqual(END_DAY);
        expect(f.shares_outstanding!).toBeGreaterThan(0);
        if (f.period_type === 'QUARTERLY' && prevShares !== null) expect(Math.abs(f.shares_outstanding! / prevShares - 1)).toBeLessThan(0.02);
        if (f.period_type === 'QUARTERLY') prevShares = f.shares_outstanding!;
      }
    }
  });

  it('keeps every bar consistent: low ≤ open, close ≤ high, positive prices, whole-lot volume', () => {
    for (const l of market) {
      const b = l.bars;
      for (let i = 0; i < b.day.length; i++) {
        const ok = b.low[i] > 0 && b.low[i] <= Math.min(b.open[i], b.close[i]) && b.high[i] >= Math.max(b.open[i], b.close[i]) &&
          b.volume[i] >= 100 && Number.isInteger(b.volume[i]);
        if (!ok) throw new Error(`${l.info.symbol} bar ${i} inconsistent`);
      }
    }
  });

  it('looks like a market: volatility clusters, prices gap, volume has quiet and busy days', () => {
    let clustered = 0;
    let gapDays = 0;
    let days = 0;
    let busy = 0;
    for (const l of market) {
      const { open, close, volume } = l.bars;
      const abs: number[] = [];
      for (let i = 1; i < close.length; i++) {
        abs.push(Math.abs(Math.log(close[i] / close[i - 1])));
        if (open[i] !== close[i - 1]) gapDays++;
        days++;
      }
      const mean = abs.reduce((a, b) => a + b, 0) / abs.length;
      let num = 0;
      let den = 0;
      for (let i = 0; i < abs.length; i++) {
        den += (abs[i] - mean) ** 2;
        if (i) num += (abs[i] - mean) * (abs[i - 1] - mean);
      }
      if (num / den > 0.02) clustered++; // |returns| are autocorrelated: calm and wild stretches
      const sorted = Float64Array.from(volume).sort();
      if (sorted[Math.floor(sorted.length * 0.99)] > 3 * sorted[Math.floor(sorted.length * 0.5)] &&
          sorted[Math.floor(sorted.length * 0.05)] < 0.7 * sorted[Math.floor(sorted.length * 0.5)]) busy++;
    }
    expect(clustered / market.length).toBeGreaterThan(0.8);
    expect(gapDays / days).toBeGreaterThan(0.5);
    expect(busy / market.length).toBeGreaterThan(0.8);
  });

  it('is deterministic for a seed, differs across seeds, and a smaller market is a prefix of a larger one', () => {
    const a = generateDemoMarket({ seed: 7, count: 60, endDay: END_DAY });
    const b = generateDemoMarket({ seed: 7, count: 60, endDay: END_DAY });
    const c = generateDemoMarket({ seed: 8, count: 60, endDay: END_DAY });
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint(c));
    expect(fingerprint(market.slice(0, 300))).toBe(fingerprint(generateDemoMarket({ seed: SEED, count: 300, endDay: END_DAY })));
  });

  it('gives ETFs no fundamentals and every equity 12+ quarters and 5+ years of all 28 metrics', () => {
    for (const l of market) {
      const q = l.fundamentals.filter((f) => f.period_type === 'QUARTERLY');
      const a = l.fundamentals.filter((f) => f.period_type === 'ANNUAL');
      if (l.info.instr_type === 'ETF') {
        expect(l.fundamentals).toEqual([]);
        continue;
      }
      expect(q.length).toBeGreaterThanOrEqual(12);
      expect(a.length).toBeGreaterThanOrEqual(5);
      for (const f of l.fundamentals) {
        expect(Object.keys(f.values).sort()).toEqual([...FUNDAMENTAL_METRICS].sort());
        for (const m of FUNDAMENTAL_METRICS) {
          const v = f.values[m];
          if (v === null && (m === 'roe' || m === 'debttoequity' || m === 'roic')) continue; // equity ≤ 0
          if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${l.info.symbol} ${f.period_end} ${m} = ${v}`);
        }
      }
      // the latest quarter ended at least 40 days before the last session
      expect(dayFromIso(q[q.length - 1].period_end)).toBeLessThanOrEqual(END_DAY - 40);
    }
  });

  it('derives every ratio exactly from the statements (margins and returns in percent)', () => {
    for (const l of market) {
      for (const f of l.fundamentals) {
        const v = f.values as Record<string, number>;
        const where = `${l.info.symbol} ${f.period_type} ${f.period_end}`;
        const check = (ok: boolean, what: string) => {
          if (!ok) throw new Error(`${where}: ${what}`);
        };
        check(close(v.operatingmargin, (v.operatingincome / v.revenue) * 100), 'operatingmargin');
        check(close(v.netprofitmargin, (v.netincome / v.revenue) * 100), 'netprofitmargin');
        check(close(v.roa, (v.netincome / v.totalassets) * 100), 'roa');
        if (v.totalequity > 0) {
          check(close(v.roe, (v.netincome / v.totalequity) * 100), 'roe');
          const debt = v.totalcash - v.netcash;
          check(close(v.debttoequity, debt / v.totalequity), 'debttoequity');
          const invested = v.totalequity + debt - v.totalcash;
          check(invested > 0 ? close(v.roic, ((v.ebit * (1 - TAX_RATE)) / invested) * 100) : v.roic === null, 'roic');
        } else {
          check(v.roe === null && v.debttoequity === null, 'null ratios on negative equity');
        }
        check(close(v.currentratio, (v.workingcapital + v.currentliabilities) / v.currentliabilities), 'currentratio');
        check(v.quickratio <= v.currentratio + 1e-12 && v.quickratio * v.currentliabilities >= v.totalcash - 1e-6 * v.totalcash, 'quickratio');
        check(v.netcashflow === v.operatingcashflow + v.investingcashflow + v.financingcashflow, 'netcashflow');
        check(v.ebitda >= v.ebit && v.grossprofit <= v.revenue && v.operatingincome <= v.grossprofit, 'income statement order');
        check(v.netcash <= v.totalcash && v.fcf <= v.operatingcashflow && v.investingcashflow < 0, 'cash and debt');
        check(v.totalliabilities >= v.currentliabilities && v.totalassets > 0, 'balance sheet');
        check(Math.sign(v.epsbasic) === Math.sign(v.netincome) || v.epsbasic === 0, 'eps sign'); // 0 when it rounds away
        check(v.netincome <= 0 || v.epsdiluted <= v.epsbasic, 'dilution');
      }
    }
  });

  it('ties cash across quarters and annual figures to their quarters', () => {
    const flows = ['revenue', 'netincome', 'operatingcashflow', 'fcf', 'grossprofit', 'operatingincome', 'ebitda', 'ebit', 'investingcashflow', 'financingcashflow', 'netcashflow'] as const;
    const balances = ['totalassets', 'currentliabilities', 'totalliabilities', 'totalequity', 'totalcash', 'netcash', 'workingcapital'] as const;
    for (const l of market) {
      if (!l.fundamentals.length) continue;
      const q = l.fundamentals.filter((f) => f.period_type === 'QUARTERLY');
      for (let i = 1; i < q.length; i++) {
        expect(q[i].values.totalcash! - q[i - 1].values.totalcash!).toBe(q[i].values.netcashflow);
      }
      for (const a of l.fundamentals.filter((f) => f.period_type === 'ANNUAL')) {
        const year = a.period_end.slice(0, 4);
        const inYear: FundamentalPeriod[] = q.filter((f) => f.period_end.startsWith(year));
        expect(inYear.map((f) => f.period_end.slice(5))).toEqual(['03-31', '06-30', '09-30', '12-31']);
        for (const m of flows) expect(a.values[m]).toBe(inYear.reduce((s, f) => s + f.values[m]!, 0));
        for (const m of balances) expect(a.values[m]).toBe(inYear[3].values[m]);
      }
    }
  });

  it('ends on the last weekday before today and reports quarters at calendar quarter ends', () => {
    expect(lastWeekdayBefore(new Date('2026-11-23T10:00:00Z'))).toBe(dayFromIso('2026-11-20')); // Monday → Friday
    expect(lastWeekdayBefore(new Date('2026-11-21T00:00:00Z'))).toBe(dayFromIso('2026-11-20')); // Saturday → Friday
    expect(lastWeekdayBefore(new Date('2026-11-20T23:59:00Z'))).toBe(dayFromIso('2026-11-19'));
    const ends = quarterEnds(END_DAY, 5);
    expect(ends.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual(['2025-09-30', '2025-12-31', '2026-03-31', '2026-06-30', '2026-09-30']);
  });
});
