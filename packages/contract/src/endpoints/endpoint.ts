// One declaration per endpoint: method, path, who may call it, what it takes and what it answers.
// The server registers its handler from this (validating input and serialising the answer with these
// schemas), the web app calls it through this, and the OpenAPI document is generated from it.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone; only a signed-in user (401 otherwise); anyone, with the user when signed in. */
export type Auth = 'public' | 'user' | 'optional';

export interface Endpoint {
  method: Method;
  /** The URL path as the spec writes it, parameters in braces: '/api/templates/{id}/'. */
  path: string;
  /** The path sits under the account service's {base} (spec §7). */
  authBase?: boolean;
  auth: Auth;
  /** The group the docs list it under. */
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters; one that does not parse answers 404 (it cannot name a row). */
  params?: z.ZodType;
  /** Query parameters (strings, or arrays of strings when a key repeats); bad ones answer 400. */
  query?: z.ZodType;
  /** A documentation-only view of the query when `query` reads the parameters as a whole. */
  queryDoc?: z.ZodObject;
  /** JSON body; a bad one answers 400 with a DRF-style body naming each field. */
  body?: z.ZodType;
  /** The success status and its answer (null: no body, as for 204). */
  status: 200 | 201 | 202 | 204;
  response: z.ZodType | null;
  /** Error statuses the endpoint may answer besides 400 (bad input) and 401 (auth: 'user'). */
  errors?: readonly (403 | 404 | 429)[];
}

/** Declares an endpoint, keeping its literal types for the server's and the client's inference. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Schema<S> = S extends z.ZodType ? S : never;

/** What the handler receives after validation. */
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.output<Schema<E['params']>> : Record<string, never>;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<Schema<E['query']>> : Record<string, never>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<Schema<E['body']>> : undefined;
/** What the handler returns (before serialisation) and what a client receives. */
export type AnswerOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<Schema<E['response']>> : void;
export type ReplyOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<Schema<E['response']>> : void;

/** What a client passes: each part the endpoint takes, as the client may send it. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: z.input<Schema<E['params']>> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: z.input<Schema<E['query']>> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: z.input<Schema<E['body']>> } : { body?: never });

/** '/api/templates/{id}/' → '/api/templates/:id/' (Fastify's spelling). */
export const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The path with its parameters filled in, each URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined || params[name] === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
