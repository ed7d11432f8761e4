import { Rng, SeriesCache, SymbolIndex, emptyBars, searchSymbols, testApp, type SeriesEntry } from '@app/server/testing';
import { medianMs, type BenchResult, type BenchSuite } from '../report.ts';

// The symbol box's search over 8,000 listings (budget: ≤ 5 ms server time): the index built once per
// market load, then the queries a user types (one letter, a ticker, a name word, two name words, a miss),
// each timed alone and through the real app. Baseline: the same search rebuilding the index per request.

const SYMBOLS = 8000;
const SESSIONS = 20;
const SYLLABLES = ['al', 'bar', 'cor', 'dal', 'el', 'fen', 'gar', 'hal', 'ist', 'jor', 'kel', 'lor', 'mar', 'nor', 'or', 'pel', 'quin', 'ros', 'sel', 'tor', 'ul', 'var', 'wex', 'yar', 'zel'];
const SECOND = ['Bancorp', 'Software', 'Therapeutics', 'Energy', 'Realty', 'Foods', 'Motors', 'Networks', 'Capital', 'Minerals', 'Systems', 'Health'];
const SUFFIX = ['Inc.', 'Corp.', 'Holdings Inc.', 'Co.', 'Group Inc.', 'Ltd.', 'PLC', 'Trust'];
const QUERIES = ['a', 'kel', 'MARQ', 'bancorp', 'dalor soft', 'zzzz'];

function buildMarket(): SeriesEntry[] {
  const rng = new Rng(21);
  const seen = new Set<string>();
  const entries: SeriesEntry[] = [];
  const day = Int32Array.from({ length: SESSIONS }, (_, i) => 20_000 + i);
  while (entries.length < SYMBOLS) {
    const len = rng.int(1, 5);
    let symbol = '';
    for (let i = 0; i < len; i++) symbol += String.fromCharCode(65 + rng.int(0, 25));
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    const root = rng.pick(SYLLABLES) + rng.pick(SYLLABLES) + rng.pick(SYLLABLES);
    const name = `${root[0].toUpperCase()}${root.slice(1)} ${rng.pick(SECOND)} ${rng.pick(SUFFIX)}`;
    const price = rng.uniform(1, 400);
    const volume = Math.round(10 ** rng.uniform(3, 7));
    const bars = rng.chance(0.05)
      ? emptyBars()
      : { day, open: new Float64Array(SESSIONS).fill(price), high: new Float64Array(SESSIONS).fill(price), low: new Float64Array(SESSIONS).fill(price), close: new Float64Array(SESSIONS).fill(price), volume: new Float64Array(SESSIONS).fill(volume) };
    entries.push({
      info: { symbol, name, market: 'NASDAQ', instr_type: 'EQUITY', sector: null, industry: null, market_cap: price * volume * 50, is_demo: true },
      bars,
      quarterly: [],
      annual: [],
    });
  }
  return entries;
}

const suite: BenchSuite = {
  name: 'symbols',
  async run(): Promise<BenchResult[]> {
    const cache = new SeriesCache();
    cache.setEntries(buildMarket());
    const build = await medianMs(() => new SymbolIndex(cache.all()), 5, 1);
    const searchAll = () => {
      for (const q of QUERIES) searchSymbols(cache, q, 8);
    };
    searchAll(); // builds the index of this cache version
    const search = (await medianMs(searchAll, 25, 3)) / QUERIES.length;
    const naive = (await medianMs(() => QUERIES.forEach((q) => new SymbolIndex(cache.all()).search(q, 8)), 5, 1)) / QUERIES.length;

    // the whole request through the real app (validation, search, JSON)
    const t = await testApp('pglite');
    let http: number;
    try {
      t.deps.series.setEntries(cache.all());
      const get = async () => {
        for (const q of QUERIES) {
          const r = await t.app.inject({ method: 'GET', url: `/api/symbols/search/?q=${encodeURIComponent(q)}&limit=8` });
          if (r.statusCode !== 200) throw new Error(r.body);
        }
      };
      await get();
      http = (await medianMs(get, 15, 3)) / QUERIES.length;
    } finally {
      await t.close();
    }

    const baseline = { name: 'naive (index rebuilt per request)', value: naive };
    return [
      { name: `search of ${cache.size} listings, mean of ${QUERIES.length} queries`, value: search, unit: 'ms', budget: { limit: 5, better: 'lower' }, baseline },
      { name: 'GET /api/symbols/search/ of those queries', value: http, unit: 'ms', budget: { limit: 5, better: 'lower' }, baseline },
      { name: `index build (once per market load, ${cache.size} listings)`, value: build, unit: 'ms' },
    ];
  },
};

export default suite;
