// The static backtest chart page (spec §2: /public/chart.html, opened in a new tab from the Backtest
// screen). Reads period_id and template_id from its query string, fetches GET /api/backtest_chart/
// and draws candles with trade markers, the template's indicators, equity and drawdown.
import '../index.css';
import type { BacktestChart } from '@app/contract';
import { CHART_MESSAGES, ChartLoadError, idsFrom, loadChart } from './load.ts';
import { chartKeys } from '../lib/chartKeys.ts';
import { BUY_HOLD, EQUITY, EQUITY_TITLES, EXIT_LOOKS, LEVEL_COLORS, SHORT_COLOR, drawChart, lineColor, markerNotes, themeOptions } from './draw.ts';
import { isDarkMode } from '../lib/chartTheme.ts';
import { exposeChart } from '../lib/chartDebug.ts';

const root = document.getElementById('chart-root')!;

/** Text into HTML without interpreting it (names come from outside data). */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pct = (a: number, b: number) => ((b / a - 1) * 100).toFixed(2) + '%';

function showLoading() {
  root.innerHTML = `<div role="status" class="flex h-dvh items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
    <svg class="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true"><circle cx="12" cy="12" r="9" stroke="currentColor" stroke-opacity="0.25" stroke-width="3"/><path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" stroke-width="3" stroke-linecap="round"/></svg>
    <span>${CHART_MESSAGES.loading}</span></div>`;
}

function showError(message: string, login: boolean) {
  document.title = 'Backtest chart: error';
  root.innerHTML = `<main class="mx-auto flex h-dvh max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
    <p role="alert" class="text-sm text-red-600 dark:text-red-400">${esc(message)}</p>
    <a href="${login ? '/login' : '/studies'}" class="inline-flex h-10 items-center rounded-md bg-blue-600 px-4 text-sm font-medium text-white hover:bg-blue-500">${login ? 'Log in' : 'Back to Backtest'}</a>
  </main>`;
}

const chip = (color: string, label: string, dashed = false) =>
  `<span class="inline-flex items-center gap-1.5"><span class="inline-block w-4 ${dashed ? 'border-t-2 border-dashed' : 'h-0.5'}" style="${dashed ? `border-color:${color}` : `background:${color}`}"></span>${esc(label)}</span>`;

/** The legend of the exits and levels this run has: "▼ SL stop-loss exit", "— stop level"… */
function exitLegend(data: BacktestChart): string {
  const reasons = new Set(data.markers.map((m) => m.reason));
  // a short trade's exits point up (it is bought back)
  const arrow = data.markers.some((m) => m.size > 0) ? '▼' : '▲';
  const arrows = (Object.keys(EXIT_LOOKS) as (keyof typeof EXIT_LOOKS)[])
    .filter((r) => reasons.has(r))
    .map((r) => `<span class="inline-flex items-center gap-1" data-exit="${r}"><span style="color:${EXIT_LOOKS[r].color}">${arrow}</span><b class="font-semibold" style="color:${EXIT_LOOKS[r].color}">${EXIT_LOOKS[r].label}</b>${esc(EXIT_LOOKS[r].legend)}</span>`);
  const levels = (['stop', 'target'] as const)
    .filter((k) => data.levels.some((l) => l[k].length > 0))
    .map((k) => `<span class="inline-flex items-center gap-1.5" data-level="${k}"><span class="inline-block h-0.5 w-4" style="background:${LEVEL_COLORS[k]}"></span>${k} level</span>`);
  return [...arrows, ...levels].join('');
}

/** The entry and exit arrows the run has: a long run's "▲ entry ▼ exit", a short run's "▼ short ▲ cover". */
function sideLegend(data: BacktestChart): string {
  const short = data.markers.some((m) => m.size < 0);
  const long = data.markers.length === 0 || data.markers.some((m) => m.size > 0);
  return [
    long ? '<span class="inline-flex items-center gap-1.5"><span class="text-green-600">▲</span>entry</span><span class="inline-flex items-center gap-1.5"><span class="text-red-600">▼</span>exit</span>' : '',
    short ? `<span class="inline-flex items-center gap-1.5" data-side="short"><span style="color:${SHORT_COLOR}">▼</span>short entry</span><span class="inline-flex items-center gap-1.5"><span style="color:${SHORT_COLOR}">▲</span>cover</span>` : '',
  ].join('');
}

function showChart(data: BacktestChart) {
  document.title = `${data.symbol} backtest chart`;
  const eq = data.equity.equity;
  const bh = data.equity.buy_hold;
  const entries = data.markers.filter((m) => m.kind === 'entry').length;
  const summary = eq.length > 1
    ? `Strategy <b class="tabular-nums">${pct(eq[0], eq[eq.length - 1])}</b> · Buy &amp; hold <b class="tabular-nums">${pct(bh[0], bh[bh.length - 1])}</b> · ${entries} ${entries === 1 ? 'entry' : 'entries'}`
    : '';
  root.innerHTML = `<main class="flex h-dvh flex-col">
    <header class="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <div class="min-w-0">
        <h1 class="truncate text-lg font-semibold"><span class="font-mono">${esc(data.symbol)}</span> <span class="font-normal text-slate-500 dark:text-slate-400">${esc(data.name ?? '')}</span></h1>
        <p class="text-xs text-slate-500 dark:text-slate-400">${esc(data.start_date ?? '')} → ${esc(data.end_date ?? '')}${summary ? ' · ' + summary : ''}</p>
      </div>
      <div class="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300" aria-label="Legend">
        ${sideLegend(data)}
        ${exitLegend(data)}
        ${data.indicators.map((ind, n) => chip(lineColor(n), ind.label)).join('')}
        ${chip(EQUITY, EQUITY_TITLES.strategy)}${chip(BUY_HOLD, EQUITY_TITLES.buyHold, true)}
      </div>
    </header>
    ${data.candles.length === 0 ? `<p class="p-8 text-center text-sm text-slate-500">No data available for ${esc(data.symbol)}.</p>` : ''}
    <div class="relative flex min-h-[520px] w-full flex-1">
      <div id="chart" class="min-h-[520px] w-full flex-1" role="img" aria-label="${esc(data.symbol)} backtest chart"></div>
      <div id="trade-why" data-testid="trade-why-tip" role="status" hidden class="pointer-events-none absolute z-10 max-w-sm rounded-md border border-slate-200 bg-white/95 px-2 py-1 text-xs whitespace-pre-line text-slate-800 shadow dark:border-slate-700 dark:bg-slate-900/95 dark:text-slate-100"></div>
    </div>
  </main>`;
  const chart = drawChart(document.getElementById('chart')!, data, isDarkMode());
  chartKeys(chart, document.getElementById('chart')!, () => data.candles.length);
  // Hovering a bar with a trade marker says why the trade opened or closed there.
  const tip = document.getElementById('trade-why')!;
  const notes = markerNotes(data.markers);
  chart.subscribeCrosshairMove((p) => {
    const lines = p.time === undefined || !p.point ? undefined : notes.get(p.time as number);
    if (!lines || !p.point) {
      tip.hidden = true;
      return;
    }
    tip.textContent = lines.join('\n');
    tip.hidden = false;
    const box = tip.parentElement!.getBoundingClientRect();
    tip.style.left = `${Math.min(p.point.x + 14, Math.max(0, box.width - tip.offsetWidth - 4))}px`;
    tip.style.top = `${Math.max(4, p.point.y - tip.offsetHeight - 10)}px`;
  });
  exposeChart(chart, {});
  // Follow the app's theme if it changes in another tab.
  window.addEventListener('storage', (e) => {
    if (e.key !== 'theme') return;
    document.documentElement.classList.toggle('dark', e.newValue === 'dark');
    chart.applyOptions(themeOptions(isDarkMode()));
  });
}

async function main() {
  const ids = idsFrom(location.search);
  if (!ids) return showError(CHART_MESSAGES.missingIds, false);
  showLoading();
  try {
    showChart(await loadChart(ids.periodId, ids.templateId));
  } catch (e) {
    if (e instanceof ChartLoadError) showError(e.message, e.login);
    else showError(CHART_MESSAGES.failed, false);
  }
}

void main();
