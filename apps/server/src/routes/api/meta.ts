import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../index.ts';
import type { AppMeta } from '@app/contract';

/** Settings the web app shows: footer text, whether data is demo, whether Google sign-in is on. */
export default async function meta(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/api/meta/', async (): Promise<AppMeta> => {
    const rows = await deps.db.query<{ value: any }>("SELECT value FROM app_meta WHERE key = 'data_source'");
    return {
      supportEmail: deps.config.supportEmail,
      disclaimer: deps.config.disclaimer,
      demoData: rows[0]?.value?.demo === true,
      googleClientId: deps.config.googleClientId && deps.config.googleClientSecret ? deps.config.googleClientId : null,
      googleAuthUrl: deps.config.googleAuthUrl,
    };
  });
}
