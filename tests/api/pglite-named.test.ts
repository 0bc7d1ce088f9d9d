// The embedded database's named statements (server/platform/db/pglite-named.ts): a prepared statement
// is parsed once per database and then only bound and executed, answers what an unnamed one answers,
// inside and outside a transaction, reports PostgreSQL's errors as PGlite does, and is parsed again
// after the session was reset (the test pool's DISCARD ALL).
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/platform/db/client';
import { forgetNamedStatements } from '../../server/platform/db/pglite-named';
import { prepared, preparedInsert } from '../../server/platform/db/prepared';

let handle: DbHandle;
let client: PGlite;
/** what PGlite was sent, by message kind (P parse, B bind, D describe, E execute, S sync, Q query) */
const sent: Record<string, number> = {};

beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await handle.db.execute(sql.raw('create table named_test (key text primary key, value text not null)'));
  client = (handle.db as unknown as { $client: PGlite }).$client;
  const send = client.execProtocolStream.bind(client);
  client.execProtocolStream = (message, options) => {
    const kind = String.fromCharCode(message[0] ?? 0);
    sent[kind] = (sent[kind] ?? 0) + 1;
    return send(message, options);
  };
});

afterAll(async () => {
  await handle.close();
});

const count = () => ({ ...sent });
const since = (before: Record<string, number>, kind: string) => (sent[kind] ?? 0) - (before[kind] ?? 0);

/** a table of this test's own */
const named = pgTable('named_test', { key: text('key').primaryKey(), value: text('value').notNull() });
/** a timestamptz column, for its decoder (Drizzle reads the database's text of one as a Date) */
const tsCol = pgTable('named_types', { at: timestamp('at', { withTimezone: true }) }).at;

const readValue = prepared('test_named_value_of', (db) =>
  db
    .select({ key: named.key, value: named.value })
    .from(named)
    .where(eq(named.key, sql.placeholder('key'))),
);
const insertValue = preparedInsert('test_named_insert', named, ['key', 'value']);

describe('named statements on the embedded database', () => {
  it('parses a statement once, then binds and executes it, and answers its rows', async () => {
    await insertValue(handle.db, { key: 'named.a', value: 'first' });
    const before = count();
    const first = await readValue(handle.db, { key: 'named.a' });
    const second = await readValue(handle.db, { key: 'named.a' });
    const none = await readValue(handle.db, { key: 'named.none' });
    expect(first).toEqual([{ key: 'named.a', value: 'first' }]);
    expect(second).toEqual(first);
    expect(none).toEqual([]);
    expect(since(before, 'P')).toBe(1);
    expect(since(before, 'B')).toBe(3);
  });

  it('runs in a transaction, whose rollback takes its writes back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await insertValue(tx, { key: 'named.tx', value: 'in' });
        expect(await readValue(tx, { key: 'named.tx' })).toEqual([{ key: 'named.tx', value: 'in' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await readValue(handle.db, { key: 'named.tx' })).toEqual([]);
  });

  it("reports PostgreSQL's error with its code and statement, and the database goes on", async () => {
    const error = await insertValue(handle.db, { key: 'named.a', value: 'again' }).catch((e: unknown) => e);
    // Drizzle wraps the driver's error; PGlite's is its cause
    expect(error).toMatchObject({ cause: { code: '23505', query: expect.stringContaining('insert into') } });
    expect(await readValue(handle.db, { key: 'named.a' })).toEqual([{ key: 'named.a', value: 'first' }]);
  });

  it("reads each column with Drizzle's parsers over the database's: a timestamp as Drizzle maps it, a count a number", async () => {
    const typed = prepared('test_named_types', (db) =>
      db
        .select({
          at: sql<Date>`timestamptz '2026-12-01 10:20:30.456+00'`.mapWith(tsCol),
          n: sql<number>`2::int`,
          yes: sql<boolean>`true`,
          big: sql<string>`1234.50::numeric`,
          // Drizzle keeps a date's text (PGlite's own parser would make it a Date)
          day: sql<string>`date '2026-12-01'`,
        })
        .from(named)
        .where(eq(named.key, sql.placeholder('key'))),
    );
    await insertValue(handle.db, { key: 'named.types', value: 'x' });
    // twice: the second call reads with the parsers merged on the first
    for (let i = 0; i < 2; i++)
      expect(await typed(handle.db, { key: 'named.types' })).toEqual([
        { at: new Date('2026-12-01T10:20:30.456Z'), n: 2, yes: true, big: '1234.50', day: '2026-12-01' },
      ]);
  });

  it('sends a statement built per call as the unnamed statement, with the same rows and errors, in and out of a transaction', async () => {
    const read = (db: typeof handle.db) =>
      db
        .select({ key: named.key, day: sql<string>`date '2026-12-01'`, n: sql<number>`3::int` })
        .from(named)
        .where(eq(named.key, 'named.a'));
    const before = count();
    const outside = await read(handle.db);
    const inside = await handle.db.transaction((tx) => read(tx as unknown as typeof handle.db));
    expect(outside).toEqual([{ key: 'named.a', day: '2026-12-01', n: 3 }]);
    expect(inside).toEqual(outside);
    // one Parse per call: nothing is kept of an unnamed statement
    expect(since(before, 'P')).toBe(2);
    const error = await handle.db
      .insert(named)
      .values({ key: 'named.a', value: 'again' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ cause: { code: '23505', query: expect.stringContaining('insert into') } });
  });

  it('parses again after the session was reset (DISCARD ALL)', async () => {
    await handle.db.execute(sql.raw('DISCARD ALL'));
    forgetNamedStatements(client);
    const before = count();
    expect(await readValue(handle.db, { key: 'named.a' })).toEqual([{ key: 'named.a', value: 'first' }]);
    expect(since(before, 'P')).toBe(1);
  });
});
