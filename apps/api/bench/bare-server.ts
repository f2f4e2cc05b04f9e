// A bare Fastify server for the benches that set the app against it (overhead, counter): each path
// answers by replaying, on its own pool to the same database, the statements the app sent for one such
// request (recorded at the driver: text, parameters, prepared-statement name, row mode), then the last
// one's rows as JSON: no hooks, no security headers, no logging, no validation.
import Fastify from 'fastify';
import pg from 'pg';
import type { QueryConfig } from './statements.js';

/** A bare Fastify server answering each path (GET or POST) with the recorded statements, run in order. */
export async function bareServer(url: string, routes: Record<string, QueryConfig[]>) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // As the app's pool does (db/client.ts): an idle connection lost is not fatal. At the end, the bench
  // database is dropped with `force` while connections the pools just let go may still be closing:
  // without a listener, their termination notice crashed the bench after its figures were printed.
  pool.on('error', () => {});
  const app = Fastify();
  let reported = false;
  app.setErrorHandler((error, _request, reply) => {
    if (!reported) console.error('bare server error:', error);
    reported = true;
    reply.status(500).send();
  });
  for (const [path, statements] of Object.entries(routes)) {
    app.route({
      method: ['GET', 'POST'],
      url: path,
      handler: async () => {
        let rows: unknown[] = [];
        for (const statement of statements) rows = (await pool.query(statement as pg.QueryConfig)).rows;
        return rows;
      },
    });
  }
  app.addHook('onClose', async () => pool.end());
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}
