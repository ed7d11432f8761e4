// Every endpoint of the API, declared once (endpoint.ts says what a declaration holds).
import type { Endpoint } from './endpoint.ts';
import { auth } from './auth.ts';
import { backtestChart, indicators, periods, submitSelection, templates } from './backtest.ts';
import { blog } from './blog.ts';
import { charts, checkSymbol, market, symbols } from './market.ts';
import { healthz, meta, openapi } from './meta.ts';
import { scanner } from './scanner.ts';
import { starters } from './starters.ts';
import { optimizations } from './optimize.ts';
import { portfolioRuns, universeRuns } from './universe.ts';
import { rotationRuns } from './rotation.ts';
import { watchlists } from './watchlists.ts';
import { alerts } from './alerts.ts';
import { notifications } from './notifications.ts';

export * from './endpoint.ts';
export { openApiDocument } from './openapi.ts';

export const endpoints = {
  healthz,
  meta,
  openapi,
  templates,
  indicators,
  periods,
  checkSymbol,
  market,
  symbols,
  submitSelection,
  backtestChart,
  starters,
  optimizations,
  universeRuns,
  portfolioRuns,
  rotationRuns,
  charts,
  scanner,
  blog,
  auth,
  watchlists,
  alerts,
  notifications,
};

const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v;
const flatten = (group: object): Endpoint[] => Object.values(group).flatMap((v) => (isEndpoint(v) ? [v] : flatten(v as object)));

/** Every endpoint, in declaration order. */
export const ALL_ENDPOINTS: readonly Endpoint[] = flatten(endpoints);
