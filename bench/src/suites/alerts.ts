import { SAVED_FILTER_FIELDS, rowToSavedFilter, type FilterRow } from '@app/contract';
import { windowBars } from '@app/quant';
import { demoListings, lastWeekdayBefore, loadConfig, runAlertFollowUp, testApp, type SeriesEntry } from '@app/server/testing';
import type { BenchResult, BenchSuite } from '../report.ts';

// Budget: after a market data update, evaluating every enabled alert of every user takes
// ≤ 1 s for 1,000 alerts on the demo market (DEMO_SYMBOLS listings, the server's default). Timed is
// the whole follow-up job as a worker runs it (alerts/jobs.ts runAlertFollowUp): the claim of the
// update, reading the alerts with their saved queries, templates and watchlists, the scans, the
// template conditions and price levels, writing notifications and state in one transaction, and the
// e-mails (logged: no SMTP server here).
//
// 1,000 alerts of 50 users, mixed: 1/3 saved scans (each its own query: price, RSI, SMA, EMA, change
// and volume filters), 1/3 template sides (half on a 20-symbol watchlist, half on one symbol), 1/3
// price levels near the last close. The market is the demo one cut RUNS + 1 sessions short; each
// run adds the next session, as the daily update does (a new cache version: indicators cold), after
// one untimed update that gives the scans their "previous matches".

const USERS = 50;
const PER_USER = 20;
const RUNS = 5;

function scanRows(k: number): FilterRow[] {
  switch (k % 4) {
    case 0: return [{ category: 'Basic', type: 'price', operator: 'gte', value1: 5 + (k % 50), value2: null }, { category: 'Basic', type: 'chg', operator: 'gte', value1: 3 + (k % 3) }];
    case 1: return [{ category: 'TA', type: 'rsi', operator: 'between', value1: 20 + (k % 10), value2: 30 + (k % 10), period: 14 }];
    case 2: return [{ category: 'TA', type: 'sma', operator: 'lte', period: [20, 50, 200][k % 3] }, { category: 'Basic', type: 'chg', operator: 'gte', value1: 2 }];
    default: return [{ category: 'TA', type: 'ema', operator: 'gte', period: [9, 20, 50][k % 3] }, { category: 'Basic', type: 'chg', operator: 'lte', value1: -2 }];
  }
}

/** The market as it was `back` sessions ago. */
const cut = (market: SeriesEntry[], back: number): SeriesEntry[] =>
  market.map((e) => ({ ...e, bars: windowBars(e.bars, 0, Math.max(0, e.bars.close.length - back)) }));

const suite: BenchSuite = {
  name: 'alerts',
  async run(): Promise<BenchResult[]> {
    const config = loadConfig();
    const endDay = lastWeekdayBefore(new Date('2026-01-15T00:00:00Z'));
    const market: SeriesEntry[] = [];
    for (const l of demoListings({ seed: config.demoSeed, count: config.demoSymbols, endDay })) {
      market.push({ info: l.info, bars: l.bars, quarterly: l.fundamentals.filter((p) => p.period_type === 'QUARTERLY'), annual: l.fundamentals.filter((p) => p.period_type === 'ANNUAL') });
    }
    const symbols = market.filter((e) => e.bars.close.length > 200).map((e) => e.info.symbol);
    const t = await testApp('pglite');
    try {
      // The alerts and what they refer to, written in bulk (the API would take minutes for 1,000).
      const db = t.deps.db;
      const rows = (sql: string, data: unknown[]) => db.query<{ id: number }>(sql, [JSON.stringify(data)]);
      const users = await db.query<{ id: number }>(
        `INSERT INTO users (email, username) SELECT 'bench-alerts-' || g || '@example.com', 'bench-alerts-' || g FROM generate_series(1, $1) g RETURNING id`, [USERS]);
      const lists = await rows(`INSERT INTO watchlists (user_id, name, symbols) SELECT x.u, 'Bench', ARRAY(SELECT jsonb_array_elements_text(x.s))
        FROM jsonb_to_recordset($1::jsonb) x(u int, s jsonb) RETURNING id`,
      users.map((u, i) => ({ u: u.id, s: symbols.slice((i * 20) % (symbols.length - 20), ((i * 20) % (symbols.length - 20)) + 20) })));
      const templates = await rows(`INSERT INTO templates (user_id, name) SELECT x.u, 'Bench' FROM jsonb_to_recordset($1::jsonb) x(u int) RETURNING id`, users.map((u) => ({ u: u.id })));
      await rows(`INSERT INTO indicators (template_id, name, indicator_type, period, compare, cvalue)
        SELECT x.t, x.n, x.side, x.p, x.c, x.v FROM jsonb_to_recordset($1::jsonb) x(t int, n text, side text, p int, c text, v text)`,
      templates.flatMap((tp) => [
        // BUY a pullback in an uptrend: RSI(14) < 40 and SMA(200) < close; SELL when overbought: RSI(14) > 70
        { t: tp.id, n: 'RSI', side: 'BUY', p: 14, c: '<', v: '40' }, { t: tp.id, n: 'SMA', side: 'BUY', p: 200, c: '<', v: '50' },
        { t: tp.id, n: 'RSI', side: 'SELL', p: 14, c: '>', v: '70' },
      ]));
      const scans: Array<{ u: number; name: string; k: number }> = [];
      for (let k = 0; k < USERS * PER_USER; k++) if (k % 3 === 0) scans.push({ u: users[Math.floor(k / PER_USER)].id, name: `scan ${k}`, k });
      const saved = await rows(`INSERT INTO scanner_templates (user_id, name) SELECT x.u, x.name FROM jsonb_to_recordset($1::jsonb) x(u int, name text) RETURNING id`, scans);
      const cols = SAVED_FILTER_FIELDS.map((c) => (c === 'order' ? '"order"' : c));
      const types = { order: 'int', value_numeric_1: 'float8', value_numeric_2: 'float8', multiplier: 'float8', fa_consecutive_periods: 'int', ohlc_offset: 'int' } as Record<string, string>;
      await rows(`INSERT INTO scanner_filters (template_id, ${cols.join(', ')}) SELECT x.template_id, ${cols.map((c) => `x.${c}`).join(', ')}
        FROM jsonb_to_recordset($1::jsonb) x(template_id int, ${SAVED_FILTER_FIELDS.map((c, i) => `${cols[i]} ${types[c] ?? 'text'}`).join(', ')})`,
      scans.flatMap((s, i) => scanRows(s.k).map((r, order) => ({ template_id: saved[i].id, ...rowToSavedFilter(r, order) }))));
      const alerts: Record<string, unknown>[] = [];
      for (let k = 0, scan = 0; k < USERS * PER_USER; k++) {
        const u = Math.floor(k / PER_USER);
        const a = k % PER_USER;
        const symbol = symbols[(k * 7) % symbols.length];
        const base = { u: users[u].id, name: `alert ${a}`, email: a % 4 === 0, kind: ['scan', 'template', 'price'][k % 3] };
        if (k % 3 === 0) alerts.push({ ...base, scan: saved[scan++].id });
        else if (k % 3 === 1) alerts.push({ ...base, tpl: templates[u].id, side: a % 4 === 1 ? 'BUY' : 'SELL', ...(a % 2 ? { list: lists[u].id } : { symbol }) });
        else {
          const closes = market.find((e) => e.info.symbol === symbol)!.bars.close;
          alerts.push({ ...base, symbol, dir: a % 2 ? 'above' : 'below', level: Number(closes[closes.length - 3].toFixed(2)) });
        }
      }
      await rows(`INSERT INTO alerts (user_id, kind, name, email, webhook_secret, scanner_template_id, template_id, side, watchlist_id, symbol, direction, level)
        SELECT x.u, x.kind, x.name, x.email, 'secret', x.scan, x.tpl, x.side, x.list, x.symbol, x.dir, x.level
        FROM jsonb_to_recordset($1::jsonb) x(u int, kind text, name text, email boolean, scan int, tpl int, side text, list int, symbol text, dir text, level float8)`, alerts);

      t.deps.series.setEntries(cut(market, RUNS + 1));
      await runAlertFollowUp(t.deps, 1000); // the scans' previous matches (and a JIT warm-up)
      const times: number[] = [];
      const cpu: number[] = [];
      const fired: number[] = [];
      let evaluated = 0;
      for (let run = 0; run < RUNS; run++) {
        t.deps.series.setEntries(cut(market, RUNS - 1 - run)); // the next session arrives
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const outcome = await runAlertFollowUp(t.deps, 1001 + run);
        times.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        fired.push(outcome.firings.length);
        evaluated = outcome.alerts;
      }
      const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
      const median = mid(times);
      return [
        {
          name: `evaluate ${evaluated} alerts (scan/template/price) on ${market.length} demo symbols after a daily update ` +
            `(${Math.min(...fired)}–${Math.max(...fired)} firings) — ${(median / 1000).toFixed(2)}× the 1 s budget`,
          value: median, unit: 'ms', budget: { limit: 1000, better: 'lower' },
        },
        // on a busy machine the wall time includes waiting for a core; the process's CPU time does not
        { name: 'CPU time of that evaluation (this process: the evaluation and the embedded database)', value: mid(cpu), unit: 'ms' },
      ];
    } finally {
      await t.close();
    }
  },
};

export default suite;
