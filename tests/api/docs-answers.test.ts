// Every route declares what it answers (issue 22, item 3): /docs documents each 200 and Fastify
// serializes it with the same schema (server/resources/answers.ts). The generic routes of the
// declarations and every operation answer their row or their wire type, and every hand-written route
// its own; the list of routes without one is empty and may only stay so: a new route without an
// answer fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT } from './helpers';

/** Hand-written routes not described yet (`METHOD path`): remove a line when its route gets `response`. */
const NOT_DESCRIBED_YET: readonly string[] = [];

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const { t } = apiSuite();
let described: string[] = [];
let undescribed: string[] = [];

beforeAll(async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      const content = op.responses?.['200']?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      (schema ? described : undescribed).push(name);
    }
  described = described.sort();
  undescribed = undescribed.sort();
}, APP_TIMEOUT);

describe('/docs/json', () => {
  it('describes the 200 answer of every route but the listed ones, and lists none that is described', () => {
    expect(undescribed).toEqual([...NOT_DESCRIBED_YET].sort());
  });

  it("documents a declared list's rows and page, and an operation's answer", () => {
    expect(described).toContain('GET /portal-main-service/api/v1/vouchers');
    expect(described).toContain('POST /portal-main-service/api/v1/member-cards/{id}/stamps');
    expect(described).toContain('GET /portal-main-service/api/v1/vouchers/export');
  });

  it("documents the hand-written routes' answers", () => {
    expect(described).toContain('POST /portal-main-service/api/v1/auth/get-token');
    expect(described).toContain('POST /portal-auth-service/api/v1/auth/get-token');
    expect(described).toContain('GET /portal-main-service/api/v1/user');
    expect(described).toContain('GET /portal-main-service/api/v1/config/main/country');
    expect(described).toContain('GET /portal-main-service/api/v1/dashboard');
  });
});
