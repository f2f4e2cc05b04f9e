import pg from 'pg';

/** Runs one statement on TEST_DATABASE_URL's server (create or drop a test database), on its own connection. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
