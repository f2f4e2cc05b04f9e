import type pg from 'pg';

/** How long a lost listening connection waits before it tries again. */
export const RELISTEN_MS = 1_000;

/** Stops listening; resolves once the connection is closed. */
export type StopListening = () => Promise<void>;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to other queries),
 * calling `onNotify` on each notification. A lost connection (database restart, failover, a killed
 * backend) is opened again every RELISTEN_MS until it works, and `onNotify` is then called once:
 * what was sent while it was down is not delivered, so the listener should look for itself.
 * The first connection's failure is thrown to the caller.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<StopListening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new TypeError(`Not a channel name: ${channel}`);
  const { default: pg } = await import('pg');
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const lost = (client: pg.Client, error?: Error) => {
    if (stopped || client !== current) return;
    current = undefined;
    console.error('PostgreSQL listening connection lost, opening it again:', error?.message ?? 'closed');
    client.end().catch(() => {});
    reconnectLater();
  };
  const connect = async () => {
    // Keep-alive: a connection dropped without a word (a network cut) is found out, not waited on forever.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
  };
  const reconnectLater = () => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          if (!stopped) onNotify();
        },
        () => {
          if (!stopped) reconnectLater();
        },
      );
    }, RELISTEN_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
