// The benches' scratch databases on PostgreSQL: a database's URL on the server of DATABASE_URL, and one
// statement run as the server's admin (CREATE or DROP DATABASE, with names the benches make, never input).
import pg from 'pg';

export const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on PG_BASE's server. */
export const dbUrl = (name: string): string => {
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs `text` on PG_BASE (its own connection, closed after). */
export const admin = async (text: string): Promise<void> => {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};
