// The app's own endpoints: settings for the shell, health, and this API's description.
import { z } from 'zod';
import { AppMeta, Health } from '../meta.ts';
import { endpoint } from './endpoint.ts';

export const meta = endpoint({ method: 'GET', path: '/api/meta/', auth: 'public', tag: 'App', summary: 'What the shell shows: footer, demo data, Google sign-in', status: 200, response: AppMeta });

export const healthz = endpoint({
  method: 'GET', path: '/healthz', auth: 'public', tag: 'App', summary: 'Liveness and readiness',
  description: "market is 'loading' while the market cache is read after a start.", status: 200, response: Health,
});

export const openapi = endpoint({
  method: 'GET', path: '/api/openapi.json', auth: 'public', tag: 'App', summary: 'This document (OpenAPI 3.1)',
  status: 200, response: z.looseObject({ openapi: z.string() }),
});
