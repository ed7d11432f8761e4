import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../../index.ts';

export default async function marketRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  void deps; // routes of this feature are added here
}
