import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import healthz from './healthz.ts';
import meta from './api/meta.ts';
import docs from './api/docs.ts';
import templates from './api/templates.ts';
import optimizations from './api/optimizations.ts';
import universeRuns from './api/universe_runs.ts';
import portfolioRuns from './api/portfolio_runs.ts';
import rotationRuns from './api/rotation_runs.ts';
import indicators from './api/indicators.ts';
import periods from './api/periods.ts';
import submitSelection from './api/submit_selection.ts';
import backtestChart from './api/backtest_chart.ts';
import starters from './api/starters.ts';
import checkSymbol from './api/check_symbol.ts';
import symbolsSearch from './api/symbols/search.ts';
import marketStatus from './api/market/status.ts';
import history from './api/charts/history.ts';
import dhistory from './api/charts/dhistory.ts';
import scannerStocks from './api/scanner/stocks.ts';
import scannerTemplates from './api/scanner/templates.ts';
import blogPosts from './api/blog/posts.ts';
import watchlists from './api/watchlists.ts';
import alerts from './api/alerts.ts';
import notifications from './api/notifications.ts';
import auth, { authRootRoutes } from './dj-rest-auth/index.ts';

/** The route tree mirrors the URL tree: routes/api/scanner/stocks.ts serves /api/scanner/stocks/.
 *  Every route is declared in packages/contract (endpoints/) and registered with http/route.ts. */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  const opts = { deps };
  await app.register(healthz, opts);
  await app.register(meta, opts);
  await app.register(docs, opts);
  await app.register(templates, opts);
  await app.register(indicators, opts);
  await app.register(periods, opts);
  await app.register(submitSelection, opts);
  await app.register(backtestChart, opts);
  await app.register(starters, opts);
  await app.register(optimizations, opts);
  await app.register(universeRuns, opts);
  await app.register(portfolioRuns, opts);
  await app.register(rotationRuns, opts);
  await app.register(checkSymbol, opts);
  await app.register(symbolsSearch, opts);
  await app.register(marketStatus, opts);
  await app.register(history, opts);
  await app.register(dhistory, opts);
  await app.register(scannerStocks, opts);
  await app.register(scannerTemplates, opts);
  await app.register(blogPosts, opts);
  await app.register(watchlists, opts);
  await app.register(alerts, opts);
  await app.register(notifications, opts);
  await app.register(auth, { deps, prefix: deps.config.authBasePath });
  if (deps.config.authBasePath) await app.register(authRootRoutes, opts);
}
