// A request's engine work as its worker thread hands it back: the answer already serialised to JSON
// bytes (moved, not copied, to the event loop, which then only writes them out), or the client error
// the work raised (an HttpError does not survive the thread boundary as itself, so it crosses as data).
import type { Endpoint } from '@app/contract';
import { HttpError, type DrfBody } from '../http/errors.ts';
import { transferable } from './transfer.ts';

export type EngineAnswer = { ok: true; json: Uint8Array } | { ok: false; status: number; body: DrfBody };

const encoder = new TextEncoder();

/** Runs `work` on the worker thread and serialises its answer there, through the endpoint's response
 *  schema as http/route.ts does: nothing leaves that the contract does not declare. */
export function engineAnswer(endpoint: Endpoint, work: () => unknown): EngineAnswer {
  try {
    const out = endpoint.response!.safeParse(work());
    // an answer the contract does not declare is a bug on our side, not bad input
    if (!out.success) throw new Error(`${endpoint.method} ${endpoint.path}: answer does not match its schema: ${out.error.message}`);
    const json = encoder.encode(JSON.stringify(out.data));
    return transferable({ ok: true, json } as EngineAnswer, [json]);
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) return { ok: false, status: e.status, body: e.body };
    throw e;
  }
}
