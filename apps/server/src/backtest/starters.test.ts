import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backtest, normalizeTemplate } from '@app/quant';
import { EXIT_FIELD_NAMES, StarterTemplate, type Starter } from '@app/contract';
import { demoListings, lastWeekdayBefore } from '../market/demo/generate.ts';
import { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
import { goldenCases, goldensDir, haveGoldens, readGoldenCase } from '../test/backtestMarket.ts';
import { periodBars } from './periodBars.ts';
import { engineTemplate } from './run.ts';
import { dollarVolume, mostLiquid, starterPeriodDates } from './starterCopies.ts';
import { freeName } from './templateRoom.ts';
import { loadStarters, STARTERS_DIR, StarterFileError } from './starters.ts';

// The starter library (content/strategies): every file is a template a user could have built, and
// every starter runs, on the demo market and on the public reference data.

const library = loadStarters();

describe('the starter library', () => {
  it('loads every file of content/strategies, in list order, each named for its slug', () => {
    const files = readdirSync(STARTERS_DIR).filter((f) => f.endsWith('.json'));
    expect(library).toHaveLength(files.length);
    expect(files.sort()).toEqual(library.map((s) => `${s.slug}.json`).sort());
    expect(library.map((s) => s.slug).slice(0, 6)).toEqual(['rsi-reversion', 'sma50-trend', 'sma50-rsi-filter', 'supertrend-trend', 'ema20-pullback', 'obv-confirmation']);
    for (const s of library) {
      expect(StarterTemplate.parse(s.template)).toEqual(s.template);
      expect(() => normalizeTemplate(engineTemplate(s.template))).not.toThrow();
      expect(s.buy.length).toBeGreaterThan(0);
    }
    // the exits issue's versions: a stop and a target, a trailing stop, costs
    const used = new Set(library.flatMap((s) => EXIT_FIELD_NAMES.filter((f) => s.template[f] !== null)));
    expect([...used].sort()).toEqual([...EXIT_FIELD_NAMES].sort());
  });

  it('holds the strategy language\'s classics, each rule in words, and one short strategy', () => {
    const rule = (slug: string) => {
      const s = library.find((x) => x.slug === slug)!;
      return [s.direction, s.entry_rule, s.exit_rule];
    };
    expect(rule('golden-cross')).toEqual(['long', 'BUY when SMA(50) crosses above SMA(200)', 'SELL when SMA(50) crosses below SMA(200)']);
    expect(rule('macd-crossover')).toEqual(['long', 'BUY when MACD(12, 26, 9) crosses above MACD signal(12, 26, 9)', 'SELL when MACD(12, 26, 9) crosses below MACD signal(12, 26, 9)']);
    expect(rule('bollinger-reversion')).toEqual(['long', 'BUY when BB lower(20, 2) > Close', 'SELL when BB middle(20, 2) < Close']);
    expect(rule('short-overbought-fade')).toEqual(['short', 'SHORT when RSI(14) crosses below 70', 'COVER when RSI(14) < 40']);
    expect(library.find((x) => x.slug === 'short-overbought-fade')!.buy).toEqual(['RSI(14) crosses below 70']);
  });

  describe('refuses a bad file at start, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'starters-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const good = { slug: 'x', order: 1, name: 'X', summary: 'Buys low.', template: { position_size: 0.5, indicators: [{ name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '30' }] } };
    const cases: Array<[string, unknown, RegExp]> = [
      ['broken JSON', '{"slug": ', /not readable JSON/],
      ['a list', [], /must be a JSON object/],
      ['an unknown field', { ...good, author: 'me' }, /unknown field "author"/],
      ['a slug that is not its file name', { ...good, slug: 'y' }, /does not match the file name/],
      ['no summary', { ...good, summary: ' ' }, /summary/],
      ['a position size of 0', { ...good, template: { ...good.template, position_size: 0 } }, /position_size: Position size must be greater than 0/],
      ['a stop of 100 %', { ...good, template: { ...good.template, stop_loss_pct: 1 } }, /stop_loss_pct: Stop-loss must be more than 0% and less than 100%/],
      ['risk sizing without a stop', { ...good, template: { ...good.template, risk_pct: 0.01 } }, /risk_pct: Risk sizing needs a stop-loss/],
      ['an unknown template field', { ...good, template: { ...good.template, stop: 0.05 } }, /template: unknown field "stop"/],
      ['an RSI value above 100', { ...good, template: { ...good.template, indicators: [{ ...good.template.indicators[0], cvalue: '130' }] } }, /indicators\[0\]: cvalue: RSI value must be between 0 and 100/],
      ['a row field the API does not store', { ...good, template: { ...good.template, indicators: [{ ...good.template.indicators[0], multiplier: 2 }] } }, /indicators\[0\]: unknown field "multiplier"/],
      ['no BUY row', { ...good, template: { ...good.template, indicators: [{ ...good.template.indicators[0], indicator_type: 'SELL' }] } }, /at least one BUY row/],
      ['no rows', { ...good, template: { ...good.template, indicators: [] } }, /non-empty list/],
    ];
    it.each(cases)('%s', (_, content, message) => {
      rmSync(join(dir, 'x.json'), { force: true });
      writeFileSync(join(dir, 'a-good-one.json'), JSON.stringify({ ...good, slug: 'a-good-one' }));
      writeFileSync(join(dir, 'x.json'), typeof content === 'string' ? content : JSON.stringify(content));
      let error: unknown;
      try {
        loadStarters(dir + '/');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(StarterFileError);
      expect((error as Error).message).toMatch(/^x\.json: /);
      expect((error as Error).message).toMatch(message);
    });
    it('and loads the good ones', () => {
      writeFileSync(join(dir, 'x.json'), JSON.stringify(good));
      expect(loadStarters(dir + '/').map((s) => s.slug)).toEqual(['a-good-one', 'x']);
    });
  });

  it('numbers a copy whose name is taken, within the 100 characters of a name', () => {
    expect(freeName('RSI', new Set())).toBe('RSI');
    expect(freeName('RSI', new Set(['RSI', 'RSI (2)', 'RSI (4)']))).toBe('RSI (3)');
    const long = 'x'.repeat(100);
    expect(freeName(long, new Set([long]))).toBe('x'.repeat(96) + ' (2)');
  });
});

/** Every starter on the bars, with the trades it made. */
const runAll = (bars: Parameters<typeof backtest>[0]) => library.map((s: Starter) => ({ slug: s.slug, result: backtest(bars, engineTemplate(s.template)) }));

describe('every starter runs on the demo market', () => {
  const series = new SeriesCache();
  const listings: SeriesEntry[] = [...demoListings({ seed: 20260101, count: 40, endDay: lastWeekdayBefore(new Date('2026-06-01')) })].map((l) => ({
    info: l.info, bars: l.bars, quarterly: [], annual: [],
  }));
  series.setEntries(listings);

  it('over the five years up to the last bar of every demo symbol, with trades for each starter somewhere', () => {
    const traded = new Map(library.map((s) => [s.slug, 0]));
    for (const entry of listings) {
      const dates = starterPeriodDates(entry)!;
      const { bars } = periodBars(series, { id: 0, stock_ticker: entry.info.symbol, ...dates });
      for (const { slug, result } of runAll(bars)) {
        expect(result.stats['# Trades'], `${slug} on ${entry.info.symbol}`).toBe(result.trades.length);
        traded.set(slug, traded.get(slug)! + result.trades.length);
      }
    }
    for (const [slug, n] of traded) expect(n, slug).toBeGreaterThan(0);
  });

  it('defaults to the symbol with the highest average dollar volume over its last 20 bars', () => {
    const best = mostLiquid(series)!;
    const brute = listings.reduce((a, b) => {
      const v = (e: SeriesEntry) => Array.from(e.bars.close.slice(-20), (c, i) => c * e.bars.volume[e.bars.volume.length - 20 + i]).reduce((x, y) => x + y, 0);
      return v(b) > v(a) ? b : a;
    });
    expect(best.info.symbol).toBe(brute.info.symbol);
    expect(dollarVolume(best)).toBeGreaterThan(0);
  });
});

describe.skipIf(!haveGoldens)(`every starter runs on the public reference data (${haveGoldens ? '../shared/goldens' : `skipped: ${goldensDir} is absent`})`, () => {
  const cases = goldenCases();
  it.each(cases)('%s', (name) => {
    const { bars } = readGoldenCase(name);
    const results = runAll(bars);
    for (const { slug, result } of results) expect(result.stats['# Trades'], slug).toBe(result.trades.length);
    // years of a large-cap stock: every classic rule trades
    for (const { slug, result } of results) expect(result.trades.length, slug).toBeGreaterThan(0);
  });
});
