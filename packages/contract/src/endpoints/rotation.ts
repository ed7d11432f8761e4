// Rotation runs: rank a universe's members on a schedule and hold the top K; started in the
// background, followed, read back, cancelled, and their orders and holdings as CSV files.
import { z } from 'zod';
import { IdParams } from '../backtest/index.ts';
import { RotationRun, RotationRunCreate, RotationRunListItem } from '../rotation.ts';
import { endpoint } from './endpoint.ts';

const tag = 'Many symbols';

export const rotationRuns = {
  list: endpoint({ method: 'GET', path: '/api/rotation_runs/', auth: 'user', tag, summary: "The user's recent rotation runs", status: 200, response: z.array(RotationRunListItem) }),
  start: endpoint({
    method: 'POST', path: '/api/rotation_runs/', auth: 'user', tag, summary: 'Rotate a universe: hold the top K members by a score, rebalanced on a schedule',
    description: 'Answers 202 at once; the run goes on in the background. At most 2 runs queued or running per user (429 beyond).',
    body: RotationRunCreate, status: 202, response: RotationRun, errors: [404, 429],
  }),
  get: endpoint({
    method: 'GET', path: '/api/rotation_runs/{id}/', auth: 'user', tag, summary: 'A rotation run: progress and, once done, its result',
    params: IdParams, status: 200, response: RotationRun, errors: [404],
  }),
  cancel: endpoint({
    method: 'DELETE', path: '/api/rotation_runs/{id}/', auth: 'user', tag, summary: 'Cancel a rotation run',
    params: IdParams, status: 200, response: RotationRunListItem, errors: [404],
  }),
  ordersCsv: endpoint({
    method: 'GET', path: '/api/rotation_runs/{id}/orders.csv', auth: 'user', tag, summary: "A finished rotation's orders as CSV",
    params: IdParams, status: 200, response: z.string(), errors: [404],
  }),
  holdingsCsv: endpoint({
    method: 'GET', path: '/api/rotation_runs/{id}/holdings.csv', auth: 'user', tag, summary: "A finished rotation's holdings at each rebalance as CSV",
    params: IdParams, status: 200, response: z.string(), errors: [404],
  }),
};
