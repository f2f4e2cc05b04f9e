import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
}
