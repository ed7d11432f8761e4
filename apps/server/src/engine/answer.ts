// A request's engine work as its worker thread hands it back: the answer already serialised to JSON
// bytes (moved, not copied, to the event loop, which then only writes them out), or the client error
// the work raised (an HttpError does not survive the thread boundary as itself, so it crosses as data).
import { HttpError, type DrfBody } from '../http/errors.ts';
import { transferable } from './transfer.ts';

export type EngineAnswer = { ok: true; json: Uint8Array } | { ok: false; status: number; body: DrfBody };

const encoder = new TextEncoder();

/** Runs `work` on the worker thread and serialises its answer there. */
export function engineAnswer(work: () => unknown): EngineAnswer {
  try {
    const json = encoder.encode(JSON.stringify(work()));
    return transferable({ ok: true, json } as EngineAnswer, [json]);
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) return { ok: false, status: e.status, body: e.body };
    throw e;
  }
}
