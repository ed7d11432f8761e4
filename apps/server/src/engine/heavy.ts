// A request's heavy work (a backtest, a chart's series) on the engine's threads, never on the event
// loop: the fair share of the account and of its client address first (429 past HEAVY_PER_USER), then the pool's bounded queue (503
// with Retry-After when it is full), then the answer's bytes as the worker serialised them.
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { RawJson } from '../http/route.ts';
import type { EngineAnswer } from './answer.ts';
import { FairShare, type HeavyOwner } from './fairShare.ts';
import { EngineBusyError, type EnginePool } from './pool.ts';
import type { TaskInput, TaskName } from './tasks.ts';

// One fair share per pool (one per process; tests build several apps, each with its own pool).
const shares = new WeakMap<EnginePool, FairShare>();

export function fairShareOf(deps: Pick<AppDeps, 'engine' | 'config'>): FairShare {
  let share = shares.get(deps.engine);
  if (!share) shares.set(deps.engine, (share = new FairShare(deps.config.heavyPerUser, deps.engine.threads)));
  return share;
}

/** The tasks that produce a request's whole answer (engine/answer.ts). */
type AnswerTask = Extract<TaskName, 'backtestRun' | 'backtestChart'>;

/** One task and its input, as a heavy request's preparation names it. */
export type AnswerJob = { [K in AnswerTask]: { task: K; input: TaskInput<K> } }[AnswerTask];

/** A heavy request for the owner (the account and the address it came from): admitted first (a refused one costs no database work), then
 *  `prepare` reads what the task needs (404s and 400s come from here), then the task runs on a thread
 *  and its JSON is the route's answer. */
export async function heavyAnswer(deps: Pick<AppDeps, 'engine' | 'config'>, owner: HeavyOwner, prepare: () => Promise<AnswerJob>): Promise<RawJson> {
  const answer = await fairShareOf(deps).run(owner, async () => {
    const job = await prepare();
    try {
      return (await deps.engine.run(job.task, job.input as never)) as EngineAnswer;
    } catch (e) {
      if (e instanceof EngineBusyError) {
        throw new HttpError(503, { detail: e.message }, { 'Retry-After': String(e.retryAfterSeconds) });
      }
      throw e;
    }
  });
  if (!answer.ok) throw new HttpError(answer.status, answer.body);
  return new RawJson(Buffer.from(answer.json.buffer, answer.json.byteOffset, answer.json.byteLength));
}
