import { afterEach, describe, expect, it } from 'vitest';
import { parseScanQuery } from '@app/contract';
import { SeriesCache } from '../market/seriesCache.ts';
import { ScannerEngine } from './engine.ts';
import { fixtureMarket } from '../test/scannerMarket.ts';
import { DEFAULT_VALUES, warmScanner, watchScannerWarmup, type ScannerWarmup } from './warmup.ts';

// The warm-up is driven by hand here (check() and awaited promises), never by waiting for its timer.

const doneCount = (engine: ScannerEngine, key: string) => {
  const col = engine.snapshot().memo.get(key);
  return col ? col.done.reduce((a, b) => a + b, 0) : 0;
};
const scan = (engine: ScannerEngine, qs: string) => {
  const q = parseScanQuery(new URLSearchParams(qs));
  if (!q.ok) throw new Error(JSON.stringify(q.errors));
  return engine.scan(q.value);
};
// every default filter row of the screen at once, sorted on an indicator column
const DEFAULT_ROWS_QUERY =
  'sma_gte=true&sma_compare=price&ema_lte=true&ema_compare=price&st_gte=true&st_compare=price&rsi_gte=0' +
  '&vol_avg_gte=0&macd_above_signal=true&fa_metric=revenue&revenue__gte=1000000&ordering=-rsi&page_size=500';

let watch: ScannerWarmup | undefined;
afterEach(() => watch?.stop());

describe('scanner warm-up', () => {
  it('fills the memo with every default value, a chunk per turn of the event loop', async () => {
    const cache = new SeriesCache();
    cache.setEntries(fixtureMarket(30));
    const engine = new ScannerEngine(cache);
    const warming = warmScanner(engine, DEFAULT_VALUES, 4);
    // the synchronous part computed only the first chunk: the event loop is free after it
    for (const v of DEFAULT_VALUES) expect(doneCount(engine, v.key), v.key).toBe(4);
    expect(await warming).toBe(true);
    for (const v of DEFAULT_VALUES) expect(doneCount(engine, v.key), v.key).toBe(30);
  });

  it('answers exactly as a cold engine does', async () => {
    const cache = new SeriesCache();
    cache.setEntries(fixtureMarket(30));
    const warm = new ScannerEngine(cache);
    await warmScanner(warm);
    const memoSize = warm.snapshot().memo.size;
    const cold = scan(new ScannerEngine(cache), DEFAULT_ROWS_QUERY);
    expect(cold.count).toBeGreaterThan(0);
    expect(scan(warm, DEFAULT_ROWS_QUERY)).toEqual(cold);
    expect(warm.snapshot().memo.size, 'the default query needed nothing the warm-up left out').toBe(memoSize);
  });

  it('gives up on a version that reloads meanwhile, and the watcher warms each new version once', async () => {
    const cache = new SeriesCache();
    cache.setEntries(fixtureMarket(30, 1));
    const engine = new ScannerEngine(cache);
    const stale = warmScanner(engine, DEFAULT_VALUES, 4);
    cache.setEntries(fixtureMarket(30, 2));
    expect(await stale).toBe(false);

    watch = watchScannerWarmup(engine, cache, { intervalMs: 3_600_000 });
    await watch.check();
    for (const v of DEFAULT_VALUES) expect(doneCount(engine, v.key), v.key).toBe(30);
    // the same version is not warmed twice
    engine.snapshot().memo.clear();
    await watch.check();
    expect(engine.snapshot().memo.size).toBe(0);
    // a reload is
    cache.setEntries(fixtureMarket(12, 3));
    await watch.check();
    expect(doneCount(engine, DEFAULT_VALUES[0].key)).toBe(12);
  });

  it('does nothing on an empty cache or once stopped', async () => {
    const cache = new SeriesCache();
    const engine = new ScannerEngine(cache);
    watch = watchScannerWarmup(engine, cache, { intervalMs: 3_600_000 });
    await watch.check();
    expect(engine.snapshot().memo.size).toBe(0);
    watch.stop();
    cache.setEntries(fixtureMarket(5));
    await watch.check();
    expect(engine.snapshot().memo.size).toBe(0);
  });
});
