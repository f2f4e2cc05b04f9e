import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { emailsPlugin } from './emails/send-email.js';
import { jobsPlugin } from './jobs/plugin.js';
import { serializerCompiler } from './lib/answer-serializer.js';
import type { LogStream } from './lib/log-stream.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { requestLogSerializer } from './lib/tokens.js';
import { healthRoutes } from './modules/health/routes.js';
import { publicLinksPlugin } from './modules/links/public-links.js';
import { paymentsPlugin } from './payments/plugin.js';
import { authPlugin } from './plugins/auth.js';
import { customerAuthPlugin } from './plugins/customer-auth.js';
import { errorsPlugin, routerErrorHandler } from './plugins/errors.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityHeaders, securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { apiRoutes } from './routes.js';
import './types.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Defaults to Redis when REDIS_URL is set, memory otherwise; tests pass their own. */
  rateLimiter?: RateLimiter;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (server.ts: stdout, asynchronously); pino's default otherwise. */
  logStream?: LogStream;
}

/**
 * Requests are validated by their zod schemas; answers are checked against theirs by parsing, not
 * encoding, where both read the same (ADR 214). Given as the compilers' factories, so Fastify does not
 * load its default ones (Ajv and fast-json-stringify's compiler: about an eighth of a start, ADR 223).
 */
export const schemaController = {
  compilersFactory: {
    // Fastify types these factories for Ajv's and fast-json-stringify's compilers only.
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  },
};
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Builds the whole application as a Fastify instance; server.ts only listens. Tests call this with app.inject. */
export async function buildApp({ config, database, mailer, rateLimiter, logger, logStream }: BuildOptions) {
  const app = Fastify({
    // Router-level refusals (a too-long or undecodable path parameter) answer as problems, with our headers.
    frameworkErrors: routerErrorHandler(securityHeaders(config)),
    // The request serializer redacts one-time tokens from logged URLs (reset links).
    logger: logger ?? {
      level: config.LOG_LEVEL,
      serializers: { req: requestLogSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    // One line per request, when answered; its arrival only at debug (ADR 212).
    logController: new OneLinePerRequest(),
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    schemaController,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.decorate('rateLimiter', rateLimiter ?? (await createRateLimiter(config, app.log)));
  app.addHook('onClose', async () => app.rateLimiter.close());
  // Set as the request arrives (a plain callback hook: no promise per request); errors keep it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(healthRoutes);
  await app.register(metricsPlugin);
  await app.register(jobsPlugin);
  await app.register(emailsPlugin);
  await app.register(authPlugin);
  await app.register(customerAuthPlugin);
  // Before payments and the routes: webhooks and merchant writes invalidate public link pages.
  await app.register(publicLinksPlugin);
  await app.register(paymentsPlugin);
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(spaPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
