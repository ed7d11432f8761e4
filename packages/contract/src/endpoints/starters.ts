// Starter strategies: the public list, and for a signed-in user a copy into their templates
// or a first backtest set up in one call.
import { z } from 'zod';
import { Starter, StarterParams, StarterRun, StarterRunBody, StarterSymbol, TemplateDetail } from '../backtest/index.ts';
import { endpoint } from './endpoint.ts';

export const starters = {
  list: endpoint({
    method: 'GET', path: '/api/starters/', auth: 'public', tag: 'Starters', summary: 'The starter strategies',
    description: 'Classic templates any user can copy, in list order, each explained in words.', status: 200, response: z.array(Starter),
  }),
  symbol: endpoint({
    method: 'GET', path: '/api/starters/symbol/', auth: 'public', tag: 'Starters', summary: 'The symbol a first backtest runs on by default',
    description: 'The most liquid symbol of the loaded market, demo or real: the highest average dollar volume over its last 20 bars.',
    status: 200, response: StarterSymbol,
  }),
  copy: endpoint({
    method: 'POST', path: '/api/starters/{slug}/copy/', auth: 'user', tag: 'Starters', summary: "Copy a starter into the user's templates",
    description: 'The copy gets the starter’s name, with " (2)", " (3)"… when the user already has a template of that name.',
    params: StarterParams, status: 201, response: TemplateDetail, errors: [404],
  }),
  run: endpoint({
    method: 'POST', path: '/api/starters/{slug}/run/', auth: 'user', tag: 'Starters', summary: 'Set up a first backtest of a starter',
    description:
      "Copies the starter into the user's templates and creates a period of the 5 years up to the symbol's last bar (the default symbol " +
      "when none is given); answers both ids for POST /api/submit_selection/. 404 {detail: 'symbol not found'} for an unknown symbol.",
    params: StarterParams, body: StarterRunBody, status: 201, response: StarterRun, errors: [404],
  }),
};
