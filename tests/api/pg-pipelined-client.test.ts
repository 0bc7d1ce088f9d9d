// A transaction's BEGIN sent with the statements after it, and a turn's statements in one write, on
// PostgreSQL (server/platform/db/pipelined-client.ts): what each write to the server carried, the rows a
// committed or rolled-back transaction leaves, and a BEGIN that fails failing its commit.

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/platform/db/client';
import { PipelinedClient } from '../../server/platform/db/pipelined-client';
import { watchPgWrites } from '../bench/pg-statements';
import { freshPgDatabase } from './helpers';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('transactions on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let client: PipelinedClient;
  /** each write's PostgreSQL messages, by their type letters (Q query, P parse, B bind, S sync …) */
  const writes: string[][] = [];

  /** The message types in a chunk of the protocol's bytes (each: a letter, then its length). */
  const kinds = (chunk: Buffer): string[] => {
    const out: string[] = [];
    for (let at = 0; at < chunk.length; ) {
      out.push(String.fromCharCode(chunk[at] ?? 0));
      at += 1 + chunk.readInt32BE(at + 1);
    }
    return out;
  };

  beforeAll(async () => {
    scratch = await freshPgDatabase(url ?? '');
    client = new PipelinedClient({ connectionString: scratch.url, pipeline: true } as pg.ClientConfig);
    await client.connect();
    await client.query('create table moves (n int primary key)');
    watchPgWrites(client, (chunks) => {
      writes.push(chunks.flatMap(kinds));
    });
  });

  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  const db = () => drizzle({ client });
  const rows = async () =>
    (await client.query('select n from moves order by n')).rows.map((r: { n: number }) => r.n);

  it('sends BEGIN with the first statement, a group sent together in one write, and commits', async () => {
    writes.length = 0;
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into moves values (${1})`);
      await Promise.all([
        tx.execute(sql`insert into moves values (${2})`),
        tx.execute(sql`insert into moves values (${3})`),
      ]);
    });
    // BEGIN (a simple query) and the first insert (parse, bind, describe, execute, sync) together;
    // the two inserts sent together in one; the COMMIT alone: three writes where there were five
    expect(writes).toEqual([
      ['Q', 'P', 'B', 'D', 'E', 'S'],
      ['P', 'B', 'D', 'E', 'S', 'P', 'B', 'D', 'E', 'S'],
      ['Q'],
    ]);
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it('rolls back what a transaction wrote when its callback throws or a statement fails', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into moves values (${4})`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into moves values (${5})`);
        await tx.execute(sql`insert into moves values (${1})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await rows()).toEqual([1, 2, 3]);
    // the connection is usable again, and not in a transaction
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into moves values (${6})`);
    });
    expect(await rows()).toEqual([1, 2, 3, 6]);
  });

  it('is the connection the product’s pool hands out', async () => {
    const handle = await createDb({ databaseUrl: scratch.url });
    try {
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      const pooled = await pool.connect();
      expect(pooled).toBeInstanceOf(PipelinedClient);
      pooled.release();
    } finally {
      await handle.close();
    }
  });

  it('fails the commit with BEGIN’s error when BEGIN failed, and leaves nothing written', async () => {
    // the connection left in a failed transaction: BEGIN (and all after it) answers 25P02
    await client.query('begin');
    await client.query('select 1/0').catch(() => undefined);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into moves values (${7})`).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ cause: { code: '25P02' } });
    expect(await rows()).toEqual([1, 2, 3, 6]);
  });
});
