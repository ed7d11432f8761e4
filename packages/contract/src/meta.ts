import { z } from 'zod';

/** GET /api/meta/: what the shell shows (footer, demo badge, Google button). */
export const AppMeta = z.object({
  supportEmail: z.string(),
  disclaimer: z.string(),
  demoData: z.boolean(),
  googleClientId: z.string().nullable(),
  googleAuthUrl: z.string(),
});
export type AppMeta = z.infer<typeof AppMeta>;

/** GET /healthz: liveness and readiness for a load balancer. */
export const Health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  market: z.enum(['loading', 'ready']),
  symbols: z.number().int(),
  /** the job queue: this process's workers, the worker processes alive on the database, and the
   *  jobs of every process waiting and running (a growing `queued` with `liveProcesses` 0 needs a worker) */
  queue: z.object({
    library: z.string(),
    workers: z.number().int(),
    liveProcesses: z.number().int(),
    liveWorkers: z.number().int(),
    queued: z.number().int(),
    active: z.number().int(),
  }),
});
export type Health = z.infer<typeof Health>;
