import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Every API module, mounted under /api/v1. Modules register their own routes. */
export const apiRoutes: FastifyPluginAsyncZod = async (_app) => {};
