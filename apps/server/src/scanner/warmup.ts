import type { SeriesCache } from '../market/seriesCache.ts';
import type { ScannerEngine } from './engine.ts';
import { memoValue } from './snapshot.ts';
import {
  emaValue, financialTrend, latestFundamental, macdSpreadValue, rsiValue, smaValue, supertrendValue, volAvgValue,
  type ValueSpec,
} from './values.ts';

// The first scan of a cache version computes every indicator it needs for every symbol (about 150 ms
// for 1,600 symbols of full history with the default TA filters, seconds for a large imported market).
// After each load or reload of the series cache, the values the screen's default filter rows and
// result columns ask for are computed in the background, a few symbols at a time with the event loop
// free in between, so requests keep being served and the first real scan finds them in the memo.
// A scan that runs meanwhile computes what is still missing itself (same numbers, same memo).

/** The spec §9 defaults: SMA 200, EMA 20, RSI 14, average volume 20, Trendfinder 10/3, MACD 12/26/9,
 *  financial trend revenue QUARTERLY increasing 3, FA compare revenue QUARTERLY, and the quick ratio and
 *  ROE columns. */
export const DEFAULT_VALUES: readonly ValueSpec[] = [
  smaValue(200), emaValue(20), rsiValue(14), volAvgValue(20), supertrendValue(10, 3), macdSpreadValue(12, 26, 9),
  financialTrend('revenue', 'QUARTERLY', 'increasing', 3), latestFundamental('revenue', 'QUARTERLY'),
  latestFundamental('quickratio', 'QUARTERLY'), latestFundamental('roe', 'QUARTERLY'),
];

/** Symbols computed between two turns of the event loop (about 5 ms of work on full histories). */
const CHUNK = 32;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fills the engine's memo for the current cache version with `specs`, yielding between chunks.
 *  Resolves true when done, false when the cache reloaded meanwhile (the next warm-up starts over). */
export async function warmScanner(engine: ScannerEngine, specs: readonly ValueSpec[] = DEFAULT_VALUES, chunk = CHUNK): Promise<boolean> {
  const s = engine.snapshot();
  for (let start = 0; start < s.entries.length; start += chunk) {
    if (engine.snapshot() !== s) return false;
    const end = Math.min(s.entries.length, start + chunk);
    for (let i = start; i < end; i++) for (const spec of specs) memoValue(s, spec.key, i, spec.compute);
    await nextTurn();
  }
  return engine.snapshot() === s;
}

export interface ScannerWarmup {
  /** Starts a warm-up when the cache holds a version not warmed yet; resolves when that one ends. */
  check(): Promise<void>;
  stop(): void;
}

/** Watches the cache's version (it changes on every load) and warms each new one once. The watch is a
 *  cheap integer comparison every `intervalMs`; the timer never keeps the process alive. */
export function watchScannerWarmup(engine: ScannerEngine, cache: SeriesCache, opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}): ScannerWarmup {
  let warmed = -1;
  let running: Promise<void> | null = null;
  let stopped = false;
  const check = (): Promise<void> => {
    if (running) return running;
    if (stopped || cache.size === 0 || cache.version === warmed) return Promise.resolve();
    const version = cache.version;
    running = warmScanner(engine)
      .then((done) => {
        if (done) warmed = version;
      })
      .catch((err) => {
        warmed = version; // a failing value would fail again: leave it to the scans, which report it
        opts.onError?.(err);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void check(), opts.intervalMs ?? 1000);
  timer.unref();
  return {
    check,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
