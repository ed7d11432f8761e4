import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.ts';

/** Background work of the single node (the daily market update when a network provider is set). */
export function startJobs(deps: AppDeps, log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  void deps;
  void log;
  return { stop: () => timers.forEach(clearInterval) };
}
