import type { Session } from './http.ts';

// What one scripted user does: signs in (signing up the first time), builds a backtest (a
// template, its RSI rows and a stock period), then until the end scans the market, opens charts
// and runs backtests, pausing like a person between clicks. Every call is measured.

export interface Script {
  /** Symbols with bars, from the server's first scan (charts and periods pick from them). */
  symbols: string[];
  /** Scanner queries (without the path), each checked to answer 200 before the run. */
  scans: string[];
  deadline: number;
  /** Pause between actions, uniformly from 0.5× to 1.5× this (0 = closed loop). */
  thinkMs: number;
}

export const PASSWORD = 'Load-Test-Pass-1';
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms * (0.5 + Math.random()))) : Promise.resolve());
const YEAR = 365 * 86_400;

export async function signIn(s: Session, email: string) {
  const login = () => s.call('POST /dj-rest-auth/login/', 'POST', '/dj-rest-auth/login/', { email, password: PASSWORD }, [200, 400]);
  if ((await login()).status === 200) return;
  // The first run of this user: sign up, then sign in.
  await s.call('POST /dj-rest-auth/registration/', 'POST', '/dj-rest-auth/registration/', { username: email, email, password1: PASSWORD, password2: PASSWORD });
  await s.call('POST /dj-rest-auth/login/', 'POST', '/dj-rest-auth/login/', { email, password: PASSWORD });
}

/** A template with an RSI(14) < 30 buy and > 70 sell, and a five-year period of one symbol. */
async function buildBacktest(s: Session, script: Script) {
  // a user's template names are unique, and a user comes back across runs: a name no run repeats
  const t = await s.call<{ id: number }>('POST /api/templates/', 'POST', '/api/templates/', { name: `load ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, position_size: 0.99 });
  for (const [indicator_type, compare, cvalue] of [['BUY', '<', '30'], ['SELL', '>', '70']]) {
    await s.call('POST /api/indicators/', 'POST', '/api/indicators/', { template: t.body?.id, name: 'RSI', indicator_type, period: 14, drift: 1, offset: 0, compare, cvalue });
  }
  const end = new Date();
  const start = new Date(end.getTime() - 5 * YEAR * 1000);
  const p = await s.call<{ id: number }>('POST /api/periods/', 'POST', '/api/periods/', {
    stock_ticker: pick(script.symbols),
    start_date: start.toISOString().slice(0, 10),
    end_date: end.toISOString().slice(0, 10),
  });
  return { template: t.body?.id, period: p.body?.id };
}

export async function runUser(s: Session, email: string, script: Script) {
  await signIn(s, email);
  let backtest = await buildBacktest(s, script);
  for (let i = 0; Date.now() < script.deadline; i++) {
    const r = Math.random();
    if (r < 0.5) {
      await s.call('GET /api/scanner/stocks/', 'GET', `/api/scanner/stocks/?${pick(script.scans)}`);
    } else if (r < 0.85) {
      const to = Math.floor(Date.now() / 1000);
      await s.call('GET /api/charts/dhistory/', 'GET', `/api/charts/dhistory/?symbol=${pick(script.symbols)}&resolution=D&from=${to - 2 * YEAR}&to=${to}`);
    } else {
      await s.call('POST /api/submit_selection/', 'POST', '/api/submit_selection/', { template_id: backtest.template, period_id: backtest.period });
    }
    if (i % 25 === 24) backtest = await buildBacktest(s, script); // now and then a new strategy
    await pause(script.thinkMs);
  }
}
