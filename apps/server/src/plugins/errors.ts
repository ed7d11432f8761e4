import type { FastifyInstance, FastifyError } from 'fastify';
import { HttpError } from '../http/errors.ts';

/** One error handler: our HttpErrors as DRF bodies, Fastify's client errors as 400s with a detail,
 *  anything else logged with the request and answered with a bare 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).headers(err.headers).send(err.body);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: status === 429 ? err.message : err.message || 'Bad request.' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error.' });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ detail: 'Not found.' }));
}
