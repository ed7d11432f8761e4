import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { isDemoData } from '../../market/repository.ts';

/** GET /api/meta/: footer text, whether data is demo, whether Google sign-in is on. */
export default async function meta(app: FastifyInstance, { deps }: RouteOpts) {
  const { config } = deps;
  route(app, endpoints.meta, async () => ({
    supportEmail: config.supportEmail,
    disclaimer: config.disclaimer,
    demoData: await isDemoData(deps.db),
    googleClientId: config.googleClientId && config.googleClientSecret ? config.googleClientId : null,
    googleAuthUrl: config.googleAuthUrl,
  }));
}
