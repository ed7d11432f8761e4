import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { Session } from './http.ts';
import { Recorder, formatTable } from './stats.ts';
import { runUser, signIn, type Script } from './user.ts';

// `npm run loadtest -- --url http://127.0.0.1:8000[,http://127.0.0.1:8001] --users 50 --seconds 20`
// Scripted users (user.ts) against one or more server processes (users are spread over them, as a
// load balancer would), each with its own session; prints throughput and p50/p95/p99 per route and
// every error. Bounded: at most 500 users and 600 seconds, and loopback addresses only unless
// --remote is given (a load test is aimed at a server you run).
const USAGE = `Usage: npm run loadtest -- --url URL[,URL…] [--users 50] [--seconds 20] [--think-ms 1000] [--json] [--remote]
  --think-ms   mean pause of a user between actions (0: no pause, every user fires back to back)`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'think-ms': { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.url) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const users = Number(values.users);
const seconds = Number(values.seconds);
const thinkMs = Number(values['think-ms']);
const bases = values.url.split(',').map((u) => new URL(u.trim()).origin);
const bad = (msg: string) => {
  console.error(`${msg}\n\n${USAGE}`);
  process.exit(2);
};
if (!Number.isInteger(users) || users < 1 || users > 500) bad('--users: 1 to 500');
if (!(seconds > 0 && seconds <= 600)) bad('--seconds: more than 0, at most 600');
if (!(thinkMs >= 0 && thinkMs <= 60_000)) bad('--think-ms: 0 to 60000');
const loopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
for (const b of bases) if (!values.remote && !loopback(new URL(b).hostname)) bad(`${b} is not a loopback address (use --remote for a server of yours elsewhere)`);

const SCANS = [
  'ordering=-volume&page_size=50',
  'price__gte=10&price__lte=500&ordering=-market_cap',
  'rsi_lte=30&rsi_period=14',
  'sma_gte=true&sma_compare=price&sma_period=200&volume__gte=100000',
  'market=NYSE&sector=Technology',
  'chg__gte=2&ordering=-chg',
  'fa_metric=revenue&fa_period_type=QUARTERLY&fa_direction=increasing&fa_consecutive_periods=2',
  'macd_above_signal=true&ema_gte=true&ema_compare=price&ema_period=50',
];

const rec = new Recorder();
const agents = new Map(bases.map((b) => [b, new Agent({ connections: users, keepAliveTimeout: 30_000 })]));
const session = (i: number) => {
  const base = bases[i % bases.length];
  return new Session(base, agents.get(base)!, rec);
};

// Before the run: the market to use, and every scripted query answering 200.
const probeRec = new Recorder();
const probe = new Session(bases[0], agents.get(bases[0])!, probeRec);
await signIn(probe, 'loadtest-probe@example.com');
const first = await probe.call<{ results?: Array<{ symbol: string; price: number | null }> }>('probe', 'GET', '/api/scanner/stocks/?ordering=-volume&page_size=100');
const symbols = (first.body?.results ?? []).filter((r) => r.price !== null).map((r) => r.symbol);
for (const q of SCANS) {
  const r = await probe.call('probe', 'GET', `/api/scanner/stocks/?${q}`);
  if (r.status !== 200) bad(`the scripted scan ${q} answers ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
}
if (!symbols.length || probeRec.totalErrors) bad(`${bases[0]} did not answer as a Stockbench server: ${[...probeRec.errorSamples.values()].flat().join('; ')}`);

console.error(`${users} users on ${bases.join(', ')} for ${seconds} s (think time ${thinkMs} ms)…`);
const t0 = performance.now();
const script: Script = { symbols, scans: SCANS, deadline: Date.now() + seconds * 1000, thinkMs };
// Users arrive over the first second or two rather than all in the same millisecond.
await Promise.all(
  Array.from({ length: users }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i / users) * Math.min(2000, seconds * 100)));
    await runUser(session(i), `loadtest-${i}@example.com`, script);
  }),
);
const wall = (performance.now() - t0) / 1000;
await Promise.all([...agents.values()].map((a) => a.close()));

const rows = rec.figures(wall);
const total = rows.reduce((a, r) => a + r.requests, 0);
if (values.json) {
  console.log(JSON.stringify({ users, seconds: wall, thinkMs, servers: bases, requests: total, perSecond: total / wall, errors: rec.totalErrors, routes: rows }, null, 2));
} else {
  console.log(formatTable(rows));
  console.log(`\n${total} requests in ${wall.toFixed(1)} s: ${(total / wall).toFixed(1)} req/s, ${rec.totalErrors} errors (${users} users, ${bases.length} server${bases.length > 1 ? 's' : ''}, think time ${thinkMs} ms)`);
  for (const [route, samples] of rec.errorSamples) console.log(`  ${route}: ${samples.join(' | ')}`);
}
process.exit(rec.totalErrors ? 1 : 0);
