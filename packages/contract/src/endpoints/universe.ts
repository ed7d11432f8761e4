// Many-symbol runs: a template over a universe as a table of backtests, or as one
// portfolio; started in the background, followed, read back, cancelled.
import { z } from 'zod';
import { IdParams } from '../backtest/index.ts';
import {
  PortfolioRun, PortfolioRunCreate, PortfolioRunListItem, UniverseRowsQuery, UniverseRun, UniverseRunCreate, UniverseRunListItem,
} from '../universe.ts';
import { endpoint } from './endpoint.ts';

const startNote = 'Answers 202 at once; the run goes on in the background. At most 2 runs queued or running per user (429 beyond).';

export const universeRuns = {
  list: endpoint({ method: 'GET', path: '/api/universe_runs/', auth: 'user', tag: 'Many symbols', summary: "The user's recent universe runs", status: 200, response: z.array(UniverseRunListItem) }),
  start: endpoint({
    method: 'POST', path: '/api/universe_runs/', auth: 'user', tag: 'Many symbols', summary: 'Backtest a template on every symbol of a universe',
    description: startNote, body: UniverseRunCreate, status: 202, response: UniverseRun, errors: [404, 429],
  }),
  get: endpoint({
    method: 'GET', path: '/api/universe_runs/{id}/', auth: 'user', tag: 'Many symbols', summary: 'A universe run: progress, summary and one sorted page of its table',
    params: IdParams, query: UniverseRowsQuery, status: 200, response: UniverseRun, errors: [404],
  }),
  cancel: endpoint({
    method: 'DELETE', path: '/api/universe_runs/{id}/', auth: 'user', tag: 'Many symbols', summary: 'Cancel a universe run',
    params: IdParams, status: 200, response: UniverseRunListItem, errors: [404],
  }),
};

export const portfolioRuns = {
  list: endpoint({ method: 'GET', path: '/api/portfolio_runs/', auth: 'user', tag: 'Many symbols', summary: "The user's recent portfolio runs", status: 200, response: z.array(PortfolioRunListItem) }),
  start: endpoint({
    method: 'POST', path: '/api/portfolio_runs/', auth: 'user', tag: 'Many symbols', summary: 'Backtest a template as one portfolio over a universe',
    description: startNote, body: PortfolioRunCreate, status: 202, response: PortfolioRun, errors: [404, 429],
  }),
  get: endpoint({
    method: 'GET', path: '/api/portfolio_runs/{id}/', auth: 'user', tag: 'Many symbols', summary: 'A portfolio run: progress and, once done, its result',
    params: IdParams, status: 200, response: PortfolioRun, errors: [404],
  }),
  cancel: endpoint({
    method: 'DELETE', path: '/api/portfolio_runs/{id}/', auth: 'user', tag: 'Many symbols', summary: 'Cancel a portfolio run',
    params: IdParams, status: 200, response: PortfolioRunListItem, errors: [404],
  }),
};
