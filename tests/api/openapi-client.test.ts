// The API as a product (issue 41 item 1): the OpenAPI document of GET /docs/json is what tools that
// nobody here wrote can use. Spectral's OAS ruleset finds nothing in it; every operation has a unique
// operationId, a summary, a tag the document lists, its security and its error answers; and a client
// generated from it (swagger-typescript-api) compiles with an integrator's program
// (openapi-client/usage.ts) and runs it against the server, so the document cannot drift from what
// the server does without this failing.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateApi } from 'swagger-typescript-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../scripts/openapi';
import { addAcmeAndOther, addRewardProgramme, apiSuite, MAIN, PASSWORD } from './fixtures';
import { APP_TIMEOUT, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
/**
 * The document is the same on both databases, and the checks here are CPU work (Spectral, the
 * generator, tsc): they run in the embedded database's run only. CI's PostgreSQL run shares the two
 * cores with the accessibility walk, where they starved other files past their timeouts.
 */
const ON_POSTGRES = process.env.DATABASE_URL !== undefined;
const SOURCE_DIR = path.join(import.meta.dirname, 'openapi-client');
/**
 * Where this run generates the client and compiles the program: a directory of its own, since CI
 * runs this file on both databases at once in one checkout (git ignores `run-*`).
 */
const CLIENT_DIR = path.join(SOURCE_DIR, `run-${process.pid}`);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * swagger-typescript-api's translator hook, answering each generated file unchanged (the hook's own
 * class type is not exported, hence the cast: the generator only calls `translate`).
 */
const AsGenerated = class {
  async translate(file: { fileName: string; fileExtension: string; fileContent: string }) {
    return [file];
  }
} as unknown as NonNullable<Parameters<typeof generateApi>[0]['customTranslator']>;

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
}
interface Document {
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { description: string }> };
}
let doc: Document;

/** The shapes of the two modules the root typecheck does not see (openapi-client/tsconfig.json does). */
interface GeneratedModule {
  Api: new (config: {
    baseUrl: string;
    securityWorker: (data: { token: string } | null) => { headers?: Record<string, string> };
  }) => unknown;
}
interface UsageModule {
  walkThrough: (api: unknown, owner: { email: string; password: string }, at: unknown) => Promise<unknown>;
}
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ name: `${m.toUpperCase()} ${p}`, op })),
  );

beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Document;
}, APP_TIMEOUT);

describe.skipIf(ON_POSTGRES)('the OpenAPI document', () => {
  it("passes Spectral's OAS ruleset with no error and no warning", () => {
    expect(() => lintOpenApi(doc)).not.toThrow();
  }, 120_000);

  it('gives every operation a unique operationId, a summary and tags the document lists', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(400);
    const ids = ops.map((o) => o.op.operationId);
    expect(
      ops.filter((o) => !o.op.operationId || !o.op.summary || !o.op.tags?.length).map((o) => o.name),
    ).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const listed = new Set(doc.tags.map((tag) => tag.name));
    expect(ops.flatMap((o) => o.op.tags ?? []).filter((tag) => !listed.has(tag))).toEqual([]);
  });

  it('says what each operation answers when it fails, and which need no token', () => {
    const stamp = doc.paths[`${MAIN}/member-cards/{id}/stamps`]?.post;
    expect(Object.keys(stamp?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
      '500',
      '502',
      '503',
    ]);
    // 503 names both codes a caller may meet: a server starting or draining, a busy database
    expect(doc.components.responses.ServiceUnavailable?.description).toContain(
      '13 NOT_READY, 16 DATABASE_BUSY',
    );
    expect(stamp?.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    const signIn = doc.paths[`${MAIN}/auth/get-token`]?.post;
    expect(signIn?.security).toEqual([]);
    expect(Object.keys(signIn?.responses ?? {})).not.toContain('401');
    expect(doc.paths[`${MAIN}/members/{key}`]).toBeUndefined();
  });
});

describe.skipIf(ON_POSTGRES)('a client generated from the document', () => {
  let baseUrl = '';
  let at: { programmeId: number; storeId: number; mobile: string; otherCardId: number };

  beforeAll(async () => {
    const { acme, other } = await addAcmeAndOther(t, tokens);
    const { programmeId } = await addRewardProgramme(call, 'owner', acme);
    const theirs = await addRewardProgramme(call, 'stranger', other);
    const foreign = dataOf(
      await call('stranger', 'POST', `${MAIN}/stamp-cards/${theirs.programmeId}/member-cards`, {
        memberMobile: '+6591230002',
        storeId: other.storeId,
      }),
    ) as { id: number };
    at = { programmeId, storeId: acme.storeId, mobile: '+6591230001', otherCardId: foreign.id };
    mkdirSync(CLIENT_DIR, { recursive: true });
    copyFileSync(path.join(SOURCE_DIR, 'usage.ts'), path.join(CLIENT_DIR, 'usage.ts'));
    writeFileSync(
      path.join(CLIENT_DIR, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../../tsconfig.json',
        compilerOptions: { types: ['node'] },
        include: ['usage.ts', 'generated/api.ts'],
        exclude: [],
      }),
    );
    await generateApi({
      spec: doc as never,
      output: path.join(CLIENT_DIR, 'generated'),
      fileName: 'api.ts',
      httpClientType: 'fetch',
      silent: true,
      // the generated files as they are: the generator's own pass of import pruning and formatting
      // (TypeScript's organizeImports and Biome over a 1.2 MB file) changes no type, and cost 4-8 s of
      // CPU of a run that is CPU-bound (docs/performance.md, "A seventh host")
      customTranslator: AsGenerated,
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, APP_TIMEOUT);
  afterAll(() => rmSync(CLIENT_DIR, { recursive: true, force: true }));

  it("compiles with an integrator's program (tsc, strict)", () => {
    const tsc = spawnSync(path.join(process.cwd(), 'node_modules/.bin/tsc'), ['-p', CLIENT_DIR], {
      encoding: 'utf8',
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);

  it('runs it: signs in, finds the programme, issues a card, stamps it, and meets the envelope', async () => {
    // loaded by a name the root typecheck does not follow: the generated client exists only here
    const generated = (await import(/* @vite-ignore */ `${CLIENT_DIR}/generated/api.ts`)) as GeneratedModule;
    const { walkThrough } = (await import(/* @vite-ignore */ `${CLIENT_DIR}/usage.ts`)) as UsageModule;
    const api = new generated.Api({
      baseUrl,
      securityWorker: (data: { token: string } | null) =>
        data ? { headers: { Authorization: `Bearer ${data.token}` } } : {},
    });
    const walk = await walkThrough(api, { email: 'owner@example.test', password: PASSWORD }, at);
    expect(walk).toEqual({
      signedIn: 'owner@example.test',
      programmes: 1,
      cardId: expect.any(Number),
      stamped: 1,
      wrongType: { status: 400, code: 2 },
      foreign: { status: 404, code: expect.any(Number) },
    });
  });
});
