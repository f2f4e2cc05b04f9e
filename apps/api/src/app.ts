import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { healthRoutes } from './modules/health/routes.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { apiRoutes } from './routes.js';
import './types.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application as a Fastify instance; server.ts only listens. Tests call this with app.inject. */
export async function buildApp({ config, database, mailer, logger }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(healthRoutes);
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(spaPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
