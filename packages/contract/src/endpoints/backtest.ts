// The backtesting workflow (spec §7): templates, their indicators, stock periods, a run and its chart.
import { z } from 'zod';
import {
  BacktestChart,
  BacktestChartQuery,
  BacktestRun,
  IdParams,
  Indicator,
  IndicatorCreate,
  IndicatorMove,
  IndicatorUpdate,
  Period,
  PeriodWrite,
  SubmitSelection,
  TemplateDetail,
  TemplateListItem,
  TemplateWrite,
} from '../backtest/index.ts';
import { endpoint } from './endpoint.ts';

export const templates = {
  list: endpoint({ method: 'GET', path: '/api/templates/', auth: 'user', tag: 'Backtest', summary: "The user's templates", status: 200, response: z.array(TemplateListItem) }),
  create: endpoint({
    method: 'POST', path: '/api/templates/', auth: 'user', tag: 'Backtest', summary: 'Create a template',
    description: 'Settings left out take their defaults. A name the user already has answers 400 on `name`.', body: TemplateWrite, status: 201, response: TemplateDetail,
  }),
  get: endpoint({
    method: 'GET', path: '/api/templates/{id}/', auth: 'user', tag: 'Backtest', summary: 'A template with its indicators',
    params: IdParams, status: 200, response: TemplateDetail, errors: [404],
  }),
  update: endpoint({
    method: 'PUT', path: '/api/templates/{id}/', auth: 'user', tag: 'Backtest', summary: 'Rename a template and change its settings',
    description: 'Settings left out keep their stored values. A name another of the user\'s templates has answers 400 on `name`.', params: IdParams, body: TemplateWrite, status: 200, response: TemplateDetail, errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE', path: '/api/templates/{id}/', auth: 'user', tag: 'Backtest', summary: 'Delete a template and its indicators',
    params: IdParams, status: 204, response: null, errors: [404],
  }),
};

export const indicators = {
  create: endpoint({
    method: 'POST', path: '/api/indicators/', auth: 'user', tag: 'Backtest', summary: "Add an indicator to one of the user's templates",
    description: 'Numbers may be sent as numeric strings; fields left out take the spec §5 defaults.',
    body: IndicatorCreate, status: 201, response: Indicator, errors: [404],
  }),
  update: endpoint({
    method: 'PUT', path: '/api/indicators/{id}/', auth: 'user', tag: 'Backtest', summary: 'Change an indicator row',
    description: 'The row\'s fields, checked as on create; the row keeps its template and its place (a new block puts it last).',
    params: IdParams, body: IndicatorUpdate, status: 200, response: Indicator, errors: [404],
  }),
  move: endpoint({
    method: 'POST', path: '/api/indicators/{id}/move/', auth: 'user', tag: 'Backtest', summary: 'Move an indicator row',
    description: 'One place up or down within its block (`direction`), or to another block of its side (`group`, where it goes last). Answers the template.',
    params: IdParams, body: IndicatorMove, status: 200, response: TemplateDetail, errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE', path: '/api/indicators/{id}/', auth: 'user', tag: 'Backtest', summary: 'Delete an indicator',
    params: IdParams, status: 204, response: null, errors: [404],
  }),
};

export const periods = {
  list: endpoint({ method: 'GET', path: '/api/periods/', auth: 'user', tag: 'Backtest', summary: "The user's stock periods", status: 200, response: z.array(Period) }),
  create: endpoint({
    method: 'POST', path: '/api/periods/', auth: 'user', tag: 'Backtest', summary: 'Create a stock period',
    description: "The ticker must be a listed symbol ('symbol not found' otherwise).", body: PeriodWrite, status: 201, response: Period,
  }),
  update: endpoint({
    method: 'PUT', path: '/api/periods/{id}/', auth: 'user', tag: 'Backtest', summary: 'Change a stock period',
    params: IdParams, body: PeriodWrite, status: 200, response: Period, errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE', path: '/api/periods/{id}/', auth: 'user', tag: 'Backtest', summary: 'Delete a stock period',
    params: IdParams, status: 204, response: null, errors: [404],
  }),
};

export const submitSelection = endpoint({
  method: 'POST', path: '/api/submit_selection/', auth: 'user', tag: 'Backtest', summary: 'Run a template on a period',
  description: "backtesting.py's stats and trades, and the equity curve.", body: SubmitSelection, status: 200, response: BacktestRun, errors: [404],
});

export const backtestChart = endpoint({
  method: 'GET', path: '/api/backtest_chart/', auth: 'user', tag: 'Backtest', summary: 'What the backtest chart page draws for a run',
  query: BacktestChartQuery, status: 200, response: BacktestChart, errors: [404],
});
