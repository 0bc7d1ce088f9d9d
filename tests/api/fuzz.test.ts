// Hostile input, generated (fast-check): for every declared resource, list queries (page, size,
// sort, filter, search, project) and create and update bodies made of its own field names with
// values no screen would send (NUL characters, lone UTF-16 halves, years JavaScript accepts and
// PostgreSQL cannot store, huge and odd numbers, nested objects), sent as an operator and as a
// merchant, plus the public signup. Whatever comes in, the answer is the contract's envelope with a
// status below 500. A failure prints the seed and the shrunk case that broke it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { RESOURCES } from '../../resources';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { addedScopeColumns } from '../../server/platform/db/naming';
import { DERIVED_RESOURCES } from '../../server/resources/registry';
import { isServerOwned } from '../../server/resources/schemas';
import { addOrg, addUser, apiSuite, type Org, plainFieldValue } from './fixtures';
import { APP_TIMEOUT } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;

/** Runs per resource and kind: enough to meet every generator often, small enough for CI. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Values that broke servers before: NUL, lone surrogates, LIKE and regex syntax, odd dates. */
const SPECIALS = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '',
  ' ',
  '%',
  '_',
  '\\',
  "'; drop table users; --",
  '(a+)+$',
  '[',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30',
  '1e400',
  'NaN',
  '-0',
  'true',
  'null',
  '{"$gt":""}',
);

/** Strings with the characters and shapes that broke servers before. */
const hostileString = fc.oneof(
  { arbitrary: SPECIALS, weight: 4 },
  { arbitrary: fc.string().map((x) => `${x}\u0000${x}`), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary' }), weight: 1 },
  { arbitrary: fc.string(), weight: 1 },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -8_640_000_000_000_000,
    8_640_000_000_000_000,
    Number.MAX_SAFE_INTEGER,
    2_147_483_648,
    -2_147_483_649,
    1e308,
    -1e308,
    0,
    -0,
    0.001,
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: hostileString, weight: 6 },
    { arbitrary: hostileNumber, weight: 3 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }), weight: 1 },
  ),
})).value;

const fieldNames = (decl: ResourceDeclaration) => [
  'id',
  'createTime',
  'updateTime',
  'companyId',
  'brandId',
  'storeId',
  ...decl.fields.map((f) => f.name),
];

/** A list query of `decl`: mostly a valid one with a hostile value in one filter or search; sometimes anything. */
const listQuery = (decl: ResourceDeclaration) => {
  const filterable = decl.fields.filter((f) => (f.filter ?? []).length > 0);
  const searchable = decl.fields.filter((f) => f.search === true).map((f) => f.name);
  const anyField = fc.oneof(fc.constantFrom(...fieldNames(decl)), hostileString);
  const asParam = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const hostileFilter = filterable.length
    ? fc
        .constantFrom(...filterable.flatMap((f) => (f.filter ?? []).map((op) => [f.name, op] as const)))
        .chain(([field, op]) =>
          (op === 'in' ? fc.array(hostileValue, { minLength: 1, maxLength: 3 }) : hostileValue).map(
            (value) => ({
              filter: JSON.stringify([{ field, op, value }]),
            }),
          ),
        )
    : fc.constant({});
  // dates beyond what PostgreSQL stores, on the implicit createTime
  const hostileDate = fc
    .tuple(fc.constantFrom('gte', 'lte'), fc.oneof(hostileNumber, SPECIALS))
    .map(([op, value]) => ({ filter: JSON.stringify([{ field: 'createTime', op, value }]) }));
  const hostileSearch = searchable.length
    ? fc
        .tuple(fc.constantFrom(...searchable), hostileString)
        .map(([field, text]) => ({ search: JSON.stringify({ [field]: text }) }))
    : fc.constant({});
  const anything = fc.record(
    {
      page: fc.oneof(fc.integer(), hostileString),
      size: fc.oneof(fc.integer({ min: -5, max: 2000 }), hostileString),
      sort: fc.oneof(
        fc.tuple(anyField, fc.constantFrom('asc', 'desc', 'sideways')).map(([f, d]) => `${f},${d}`),
        hostileString,
      ),
      filter: hostileValue.map(asParam),
      search: hostileValue.map(asParam),
      project: hostileValue.map(asParam),
    },
    { requiredKeys: [] },
  );
  return fc
    .oneof(
      { arbitrary: hostileFilter, weight: 4 },
      { arbitrary: hostileDate, weight: 2 },
      { arbitrary: hostileSearch, weight: 2 },
      { arbitrary: anything, weight: 1 },
    )
    .map((q) => new URLSearchParams(q as Record<string, string>).toString());
};

/** A value the field takes (a reference to Acme's own rows where it names one). */
const validValue = (f: FieldDeclaration, n: number): unknown => {
  switch (f.type) {
    case 'text':
      return `${n}`.padStart(Math.max(f.minLength ?? 1, 1), 'x').slice(0, f.maxLength ?? 64);
    case 'email':
      return `f${n}@example.test`;
    case 'phone':
      return `+6595${String(n % 1_000_000).padStart(6, '0')}`;
    case 'url':
    case 'image':
      return `https://example.test/${n}.png`;
    case 'number':
    case 'money':
      return Math.min(Math.max(1, f.min ?? 1), f.max ?? 1);
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'select':
    case 'json':
      return plainFieldValue(f);
    case 'reference':
      return f.reference === 'company'
        ? acme.companyId
        : f.reference === 'brand'
          ? acme.brandId
          : f.reference === 'store'
            ? acme.storeId
            : 1;
    default: {
      const never: never = f;
      throw new Error(`unknown field ${JSON.stringify(never)}`);
    }
  }
};

/**
 * A body of `decl`: mostly a valid one (so it passes the schema and reaches the database) with one
 * field, or a few, given a hostile value; sometimes any keys at all.
 */
const body = (decl: ResourceDeclaration, who: string) => {
  const writable = decl.fields.filter(
    (f) => !isServerOwned(f) && f.operationOnly !== true && (f.type !== 'reference' || f.required === true),
  );
  const names = fieldNames(decl);
  const scope =
    who === 'op'
      ? Object.fromEntries(
          addedScopeColumns(decl).map((c) => [
            c,
            c === 'companyId' ? acme.companyId : c === 'brandId' ? acme.brandId : acme.storeId,
          ]),
        )
      : {};
  const valid = (n: number): Record<string, unknown> => ({
    ...scope,
    ...Object.fromEntries(writable.map((f) => [f.name, validValue(f, n)])),
  });
  const targets = writable.length ? writable.map((f) => f.name) : names;
  const corrupted = fc
    .tuple(
      fc.nat(),
      fc.array(fc.tuple(fc.constantFrom(...targets), hostileValue), { minLength: 1, maxLength: 2 }),
    )
    .map(([n, bad]) => ({ ...valid(n), ...Object.fromEntries(bad) }));
  const loose = fc.dictionary(fc.oneof(fc.constantFrom(...names), hostileString), hostileValue, {
    maxKeys: 6,
  });
  return fc.oneof({ arbitrary: corrupted, weight: 4 }, { arbitrary: loose, weight: 1 });
};

const expectNo5xx = (res: { statusCode: number; body: string }, what: string) => {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  // always the contract's envelope
  expect(JSON.parse(res.body), what).toHaveProperty('code');
};

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
}, APP_TIMEOUT);

describe('no input gives a 500', () => {
  it.each(DERIVED_RESOURCES.map((r) => [r.decl.name, r.decl] as const))(
    '%s: lists, creates and updates',
    async (_, decl) => {
      const base = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;
      const who = fc.constantFrom('op', 'owner');
      await fc.assert(
        fc.asyncProperty(who, listQuery(decl), async (caller, query) => {
          expectNo5xx(await call(caller, 'GET', `${base}?${query}`), `GET ${base}?${query}`);
        }),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          who.chain((caller) => body(decl, caller).map((payload) => [caller, payload] as const)),
          async ([caller, payload]) => {
            expectNo5xx(await call(caller, 'POST', base, payload), `POST ${base} ${JSON.stringify(payload)}`);
            expectNo5xx(
              await call(caller, 'PUT', `${base}/1`, payload),
              `PUT ${base}/1 ${JSON.stringify(payload)}`,
            );
          },
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );

  it.each(
    (RESOURCES as readonly ResourceDeclaration[])
      .filter((d) => d.storage === 'existing')
      .map((d) => [d.name, d] as const),
  )(
    '%s (a table of its own): lists',
    async (_, decl) => {
      const base = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('op', 'owner'), listQuery(decl), async (caller, query) => {
          expectNo5xx(await call(caller, 'GET', `${base}?${query}`), `GET ${base}?${query}`);
        }),
        { numRuns: RUNS * 2 },
      );
    },
    120_000,
  );

  it('the public signup, with no login', async () => {
    const fields = ['email', 'password', 'name', 'mobile', 'country', 'companyName', 'acceptTerms'];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom(...fields), hostileString), hostileValue, { maxKeys: 7 }),
        async (payload) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${BASE_PATHS.main}/user/merchant/register`,
            payload,
          });
          expectNo5xx(res, `register ${JSON.stringify(payload)}`);
        },
      ),
      { numRuns: RUNS * 4 },
    );
  }, 120_000);

  it('refuses NUL and extreme dates with code 2 naming the field', async () => {
    const base = `${BASE_PATHS.main}/push-templates`;
    const nul = await call('owner', 'POST', base, { title: 'a\u0000b', body: 'x' });
    expect(nul.json()).toMatchObject({
      code: 2,
      data: [{ field: 'title', message: expect.stringContaining('NUL') }],
    });
    const filter = encodeURIComponent(
      JSON.stringify([{ field: 'createTime', op: 'gte', value: '+275760-09-13T00:00:00.000Z' }]),
    );
    const far = await call('owner', 'GET', `${base}?filter=${filter}`);
    expect(far.json()).toMatchObject({ code: 2 });
    const old = encodeURIComponent(
      JSON.stringify([{ field: 'createTime', op: 'gte', value: -8_640_000_000_000_000 }]),
    );
    expect((await call('owner', 'GET', `${base}?filter=${old}`)).json()).toMatchObject({ code: 2 });
  });
});
