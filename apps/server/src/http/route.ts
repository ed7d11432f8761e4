import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { routerPath, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ReplyOf } from '@app/contract';
import { requireUser, type AuthUser } from '../plugins/auth.ts';
import { badRequest, drfFromZod, notFound } from './errors.ts';

// Registers an endpoint declared in packages/contract: the user is checked first (401), then the path
// parameters (404: a malformed id cannot name a row), the query and the body (400 with a DRF body
// naming each bad field), all before the handler runs; the handler's answer is serialised through the
// endpoint's response schema, so nothing leaves that the contract does not declare.

/** The signed-in user as the endpoint's `auth` guarantees it. */
export type UserOf<E extends Endpoint> = E['auth'] extends 'user' ? AuthUser : E['auth'] extends 'optional' ? AuthUser | null : null;

export interface RouteInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  user: UserOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** An answer already serialised (candles written as one string from typed arrays): sent as it is. */
export class RawJson {
  constructor(readonly json: Buffer | string) {}
}

export type Handler<E extends Endpoint> = (input: RouteInput<E>) => Promise<ReplyOf<E> | RawJson>;

export interface RouteOptions {
  /** Hooks after the auth check and before validation (rate limits, a feature switch). */
  preHandler?: preHandlerAsyncHookHandler[];
}

/** The query string's parameters as text, a repeated key as an array. Read from the URL rather than
 *  Fastify's parser so every key, however odd (`__proto__`), reaches validation as it was sent. */
export function rawQuery(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of new URLSearchParams(at < 0 ? '' : url.slice(at + 1))) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, fail: (err: z.ZodError) => Error): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw fail(r.error);
  return r.data;
}

export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>, opts: RouteOptions = {}) {
  app.route({
    method: e.method,
    url: routerPath(e.path),
    preHandler: [...(e.auth === 'user' ? [requireUser] : []), ...(opts.preHandler ?? [])],
    handler: async (req, reply) => {
      const toBadRequest = (err: z.ZodError) => badRequest(drfFromZod(err));
      const input = {
        params: e.params ? parse(e.params, req.params, () => notFound()) : {},
        query: e.query ? parse(e.query, rawQuery(req.url), toBadRequest) : {},
        body: e.body ? parse(e.body, req.body ?? {}, toBadRequest) : undefined,
        user: req.user,
        req,
        reply,
      } as RouteInput<E>;
      const answer = await handler(input);
      reply.status(e.status);
      if (answer instanceof RawJson) return reply.type('application/json; charset=utf-8').send(answer.json);
      if (!e.response) return reply.send();
      const out = e.response.safeParse(answer);
      // The handler answered something the contract does not declare: a bug on our side, not bad input.
      if (!out.success) throw new Error(`${e.method} ${e.path}: answer does not match its schema: ${out.error.message}`);
      return out.data;
    },
  });
}
