// The stock scanner (spec §7): the scan and the saved queries.
import { z } from 'zod';
import { IdParams } from '../backtest/index.ts';
import {
  FA_COMPARE_PARAMETER,
  SCAN_PARAMETERS,
  ScanQueryParams,
  scanPageSchema,
  scannerTemplateCreateSchema,
  scannerTemplateListSchema,
  scannerTemplateSchema,
} from '../scanner/index.ts';
import { endpoint } from './endpoint.ts';

// The scan reads its parameters as a whole (every key is checked, unknown ones refused); the docs list them.
const scanQueryDoc = z.object(Object.fromEntries(SCAN_PARAMETERS.map((name) => [name, z.string().optional()])));

export const scanner = {
  stocks: endpoint({
    method: 'GET', path: '/api/scanner/stocks/', auth: 'user', tag: 'Scanner', summary: 'Scan the market',
    description: `Filters as spec §7 lists them, plus FA compare parameters ${FA_COMPARE_PARAMETER}; pages of {count, next, previous, results}.`,
    query: ScanQueryParams, queryDoc: scanQueryDoc, status: 200, response: scanPageSchema,
  }),
  templates: {
    list: endpoint({ method: 'GET', path: '/api/scanner/templates/', auth: 'user', tag: 'Scanner', summary: "The user's saved queries", status: 200, response: scannerTemplateListSchema }),
    get: endpoint({
      method: 'GET', path: '/api/scanner/templates/{id}/', auth: 'user', tag: 'Scanner', summary: 'A saved query with its filters',
      params: IdParams, status: 200, response: scannerTemplateSchema, errors: [404],
    }),
    create: endpoint({
      method: 'POST', path: '/api/scanner/templates/', auth: 'user', tag: 'Scanner', summary: 'Save a query',
      description: "A name already used answers 400 {detail: 'Name used. Please create unique name'}.",
      body: scannerTemplateCreateSchema, status: 201, response: scannerTemplateSchema,
    }),
    remove: endpoint({
      method: 'DELETE', path: '/api/scanner/templates/{id}/', auth: 'user', tag: 'Scanner', summary: 'Delete a saved query',
      params: IdParams, status: 204, response: null, errors: [404],
    }),
  },
};
