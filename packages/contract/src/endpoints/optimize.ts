// Optimisation runs: start one in the background, follow it, read its result, cancel it,
// and save a copy of the template with a cell's values.
import { z } from 'zod';
import { IdParams, TemplateDetail } from '../backtest/index.ts';
import { Optimization, OptimizationApply, OptimizationCreate, OptimizationListItem } from '../optimize.ts';
import { endpoint } from './endpoint.ts';

export const optimizations = {
  list: endpoint({
    method: 'GET', path: '/api/optimizations/', auth: 'user', tag: 'Optimisation', summary: "The user's recent optimisation runs, newest first",
    status: 200, response: z.array(OptimizationListItem),
  }),
  start: endpoint({
    method: 'POST', path: '/api/optimizations/', auth: 'user', tag: 'Optimisation', summary: 'Start a grid optimisation or walk-forward analysis',
    description: 'Answers 202 at once; the run goes on in the background (GET it for progress and the result). ' +
      'At most 100,000 cells; at most 2 runs queued or running per user (429 beyond).',
    body: OptimizationCreate, status: 202, response: Optimization, errors: [404, 429],
  }),
  get: endpoint({
    method: 'GET', path: '/api/optimizations/{id}/', auth: 'user', tag: 'Optimisation', summary: 'A run: status, progress and, once done, its result',
    params: IdParams, status: 200, response: Optimization, errors: [404],
  }),
  cancel: endpoint({
    method: 'DELETE', path: '/api/optimizations/{id}/', auth: 'user', tag: 'Optimisation', summary: 'Cancel a run (its remaining cells are not computed)',
    params: IdParams, status: 200, response: Optimization, errors: [404],
  }),
  apply: endpoint({
    method: 'POST', path: '/api/optimizations/{id}/apply/', auth: 'user', tag: 'Optimisation',
    summary: "Save a copy of the run's template with one cell's values", params: IdParams, body: OptimizationApply,
    status: 201, response: TemplateDetail, errors: [404],
  }),
};
