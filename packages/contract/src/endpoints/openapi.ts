// The OpenAPI 3.1 document of the API, generated from the endpoint declarations: the same zod schemas
// that validate requests and serialise answers describe them here (JSON Schema 2020-12, OpenAPI 3.1's
// dialect), so the docs cannot drift from the code.
import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** The account service's {base} path prefix ('' when none). */
  authBasePath?: string;
  /** The name of the httpOnly cookie that carries the session. */
  sessionCookie: string;
}

/** A zod schema as plain JSON Schema: request parts as clients send them, answers as sent. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The parameters an object schema describes, one OpenAPI parameter each. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => {
    const { description, ...rest } = p;
    return { name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const operationId = (e: Endpoint) =>
  e.method.toLowerCase() + e.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));

const DRF_ERROR = { $ref: '#/components/schemas/DrfError' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: DRF_ERROR } } });
const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: {"detail": "..."} or {"field": ["message", ...]}',
  401: 'Not signed in: {"detail": "Authentication credentials were not provided."}',
  403: 'Refused: a write whose Origin is not the site',
  404: 'Not found, or not yours',
  429: 'Too many attempts; the detail says how long to wait',
};

function operation(e: Endpoint): JsonSchema {
  const responses: Record<string, unknown> = {
    [e.status]: e.response
      ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(e.response, 'output') } } }
      : { description: 'Done (no content)' },
  };
  if (e.params || e.query || e.body) responses[400] = errorResponse(ERROR_TEXT[400]);
  if (e.auth === 'user') responses[401] = errorResponse(ERROR_TEXT[401]);
  for (const status of e.errors ?? []) responses[status] = errorResponse(ERROR_TEXT[status]);
  return {
    operationId: operationId(e),
    tags: [e.tag],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(e.auth === 'user' ? { security: [{ cookieAuth: [] }, { bearerAuth: [] }] } : {}),
    ...(e.auth === 'optional' ? { security: [{ cookieAuth: [] }, { bearerAuth: [] }, {}] } : {}),
    parameters: [...parameters(e.params, 'path'), ...parameters(e.queryDoc ?? e.query, 'query')],
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } } } : {}),
    responses,
  };
}

/** The document for `list`, paths in declaration order. */
export function openApiDocument(list: readonly Endpoint[], opts: OpenApiOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of list) {
    const path = (e.authBase ? (opts.authBasePath ?? '') : '') + e.path;
    (paths[path] ??= {})[e.method.toLowerCase()] = operation(e);
  }
  const tags = [...new Set(list.map((e) => e.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: { title: opts.title, version: opts.version, ...(opts.description ? { description: opts.description } : {}) },
    tags,
    paths,
    components: {
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: opts.sessionCookie, description: 'The httpOnly session cookie set by login' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a login answer' },
      },
      schemas: {
        DrfError: {
          description: 'DRF-style error body',
          oneOf: [
            { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
            { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          ],
        },
      },
    },
  };
}
