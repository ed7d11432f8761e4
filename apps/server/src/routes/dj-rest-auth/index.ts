import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../index.ts';

export default async function authRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  void deps; // /dj-rest-auth/… routes are added here
}
