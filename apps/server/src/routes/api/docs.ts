import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ALL_ENDPOINTS, endpoints, openApiDocument } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { ACCESS_COOKIE } from '../../plugins/auth.ts';

export const DOCS_PREFIX = '/api/docs';

/** The API described by its endpoint declarations: GET /api/openapi.json, and interactive docs at
 *  /api/docs (Swagger UI, served from its package: no network needed). */
export default async function docs(app: FastifyInstance, { deps }: RouteOpts) {
  const document = openApiDocument(ALL_ENDPOINTS, {
    title: 'Stockbench API',
    version: '1',
    description:
      'Backtests, the market scanner, charts, accounts and the blog. Errors are DRF-style bodies: ' +
      '{"detail": "..."} or {"field": ["message", ...]}. Writes from a browser must come from the site (Origin).',
    authBasePath: deps.config.authBasePath,
    sessionCookie: ACCESS_COOKIE,
  });

  route(app, endpoints.openapi, async () => document);

  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'Stockbench API' },
    // The app's CSP (app.ts) forbids what Swagger UI needs; only its own pages get this one.
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'self'"],
    },
  });
}
