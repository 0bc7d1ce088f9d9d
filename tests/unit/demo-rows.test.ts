// The demo seed's rows made from a declaration (scripts/seed-demo/demo-rows.ts), on a declaration built
// here with every field type, references, selects, an order rule, min and max and uniques: every row
// passes the server's own create schema for it, validated by Fastify's Ajv as the app configures it,
// and by TypeBox without coercion; the rules hold; defaults come first and choices spread.
import Fastify, { type FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREE_VALUE_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../../resources/types';
import { demoRow, demoRows, keepDistinct } from '../../scripts/seed-demo/demo-rows';
import { assertRules } from '../../server/resources/rules';
import { createBodySchema } from '../../server/resources/schemas';
import { GIFT_CARDS_TABLE } from './helpers';

const NOW = new Date('2026-03-01T04:00:00.000Z');
const LEVELS = ['LOW', 'MIDDLE', 'HIGH'] as const;

const giftCards = {
  ...GIFT_CARDS_TABLE,
  fields: [
    { name: 'title', type: 'text', required: true, unique: true, minLength: 3, maxLength: 12 },
    { name: 'code', type: 'text', required: true, minLength: 4, maxLength: 4 },
    { name: 'note', type: 'text', multiline: true, maxLength: 500 },
    { name: 'contactEmail', type: 'email', required: true, maxLength: 120 },
    { name: 'phone', type: 'phone', maxLength: 20 },
    { name: 'website', type: 'url', maxLength: 200 },
    { name: 'picture', type: 'image', maxLength: 60 },
    { name: 'stampsRequired', type: 'number', integer: true, required: true, min: 5, max: 12 },
    { name: 'minStamps', type: 'number', integer: true, min: 40, max: 60 },
    { name: 'maxStamps', type: 'number', integer: true, min: 0, max: 100 },
    { name: 'ratio', type: 'number', min: -1, max: 1 },
    { name: 'value', type: 'money', required: true, min: 1, max: 20 },
    { name: 'fee', type: 'money', max: -5 },
    { name: 'giftable', type: 'boolean', default: false },
    { name: 'validFrom', type: 'date', required: true },
    { name: 'startAt', type: 'datetime', required: true },
    { name: 'endAt', type: 'datetime', required: true },
    { name: 'state', type: 'select', choices: THREE_VALUE_STATES, default: 'DISABLED', required: true },
    { name: 'level', type: 'select', choices: LEVELS, numeric: true, required: true },
    { name: 'storeId', type: 'reference', reference: 'store', required: true },
    { name: 'voucherPackId', type: 'reference', reference: 'voucherPacks' },
    { name: 'tags', type: 'json', shape: 'list' },
    { name: 'settings', type: 'json', shape: 'object', required: true },
    // the server's and the operations' own: left to the database
    { name: 'issuedCount', type: 'number', integer: true, default: 0, readOnly: true },
    { name: 'lifecycle', type: 'select', choices: LEVELS, default: 'LOW', operationOnly: true },
    { name: 'redeemedAt', type: 'datetime', operationOnly: true },
    { name: 'approvedAt', type: 'datetime', auto: 'create' },
    // required and moved only by operations, with no default: the seed must still give it a value
    { name: 'serial', type: 'text', required: true, maxLength: 16, operationOnly: true },
  ],
  rules: [
    { kind: 'order', first: 'startAt', last: 'endAt', error: 'PARAMETER_VALIDATION_FAILED' },
    { kind: 'order', first: 'minStamps', last: 'maxStamps', error: 'PARAMETER_VALIDATION_FAILED' },
    { kind: 'order', first: 'endAt', last: 'startAt', error: 'PARAMETER_VALIDATION_FAILED' },
  ],
  uniques: [{ name: 'gift_cards_one_per_store', fields: ['storeId', 'state'], error: 'ALREADY_EXISTS' }],
} as const satisfies ResourceDeclaration;

// an order rule both ways pins startAt = endAt; the declaration without it is the ordinary one
const declaration = { ...giftCards, rules: giftCards.rules.slice(0, 2) } as ResourceDeclaration;
const pinned = giftCards as ResourceDeclaration;
const references = { storeId: [11, 12], voucherPackId: [31] };

/** The server's validator: Fastify's Ajv with the app's options (server/app.ts). */
let app: FastifyInstance;
const accepted = async (
  decl: ResourceDeclaration,
  body: unknown,
): Promise<{ status: number; body: unknown }> => {
  const url = decl === pinned ? '/pinned' : '/declaration';
  const res = await app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  app = Fastify({
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  });
  app.post('/declaration', { schema: { body: createBodySchema(declaration) } }, async () => ({ ok: true }));
  app.post('/pinned', { schema: { body: createBodySchema(pinned) } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('demo rows made from a declaration', () => {
  const rows = demoRows(declaration, { count: 7, references, now: NOW });

  it('passes the server create schema of the declaration, coerced or not, and its rules', async () => {
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(await accepted(declaration, row)).toEqual({ status: 200, body: { ok: true } });
      expect(Value.Errors(createBodySchema(declaration), row)).toEqual([]);
      expect(() => assertRules(declaration, row)).not.toThrow();
    }
    // both order rules at once: equal times pass them
    for (const row of demoRows(pinned, { count: 3, references, now: NOW })) {
      expect(await accepted(pinned, row)).toEqual({ status: 200, body: { ok: true } });
      expect(row.startAt).toBe(row.endAt);
    }
  });

  it('keeps texts within their lengths and distinct, numbers and money within min and max', () => {
    const titles = rows.map((r) => r.title as string);
    expect(new Set(titles).size).toBe(rows.length);
    for (const r of rows) {
      expect((r.title as string).length).toBeGreaterThanOrEqual(3);
      expect((r.title as string).length).toBeLessThanOrEqual(12);
      expect(r.code as string).toHaveLength(4);
      expect(r.contactEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(r.phone).toMatch(/^\+[1-9][0-9]{6,14}$/);
      expect(r.website).toMatch(/^https:\/\//);
      expect((r.picture as string).length).toBeLessThanOrEqual(60);
      expect(Number.isInteger(r.stampsRequired)).toBe(true);
      expect(r.stampsRequired as number).toBeGreaterThanOrEqual(5);
      expect(r.stampsRequired as number).toBeLessThanOrEqual(12);
      expect(r.minStamps as number).toBeLessThanOrEqual(r.maxStamps as number);
      expect(r.value as number).toBeGreaterThanOrEqual(1);
      expect(r.value as number).toBeLessThanOrEqual(20);
      expect(r.fee as number).toBeLessThanOrEqual(-5);
      expect(Math.abs(r.ratio as number)).toBeLessThanOrEqual(1);
      expect(Date.parse(r.startAt as string)).toBeLessThanOrEqual(Date.parse(r.endAt as string));
      expect(r.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.tags).toEqual([]);
      expect(r.settings).toEqual({});
    }
    expect(new Set(rows.map((r) => r.stampsRequired)).size).toBeGreaterThan(1);
  });

  it('starts selects and booleans at their defaults and spreads them over the choices', () => {
    // a soft-deleted state would hide the row: never chosen when the declaration deletes softly
    const soft = { ...declaration, softDelete: { field: 'state', value: 'DELETE' } } as ResourceDeclaration;
    const kept = demoRows(soft, { count: 6, references, now: NOW }).map((r) => r.state);
    expect(new Set(kept)).toEqual(new Set(['ACTIVE', 'DISABLED']));
    expect(rows[0]).toMatchObject({ state: 'DISABLED', giftable: false, level: 0 });
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(THREE_VALUE_STATES));
    expect(new Set(rows.map((r) => r.level))).toEqual(new Set([0, 1, 2]));
    expect(new Set(rows.map((r) => r.giftable))).toEqual(new Set([true, false]));
  });

  it('points references at the given rows, and leaves what the server and the operations own', () => {
    for (const r of rows) {
      expect(references.storeId).toContain(r.storeId);
      expect(r.voucherPackId).toBe(31);
      for (const owned of ['issuedCount', 'lifecycle', 'redeemedAt', 'approvedAt'])
        expect(Object.hasOwn(r, owned)).toBe(false);
      expect(typeof r.serial).toBe('string');
    }
    // an optional reference with nothing to point to is empty; a required one cannot be made
    expect(
      demoRow(declaration, { index: 0, n: 1, references: { storeId: [11] }, now: NOW }).voucherPackId,
    ).toBeNull();
    expect(() => demoRow(declaration, { index: 0, n: 1, references: {}, now: NOW })).toThrow(
      /storeId: no store row/,
    );
  });

  it('drops a row that would repeat a unique value, keeping the first', () => {
    // storeId × state: 7 rows over 2 stores and 3 states hold 6 distinct pairs at most
    const kept = keepDistinct(declaration, rows);
    const pairs = kept.map((r) => `${r.storeId}/${r.state}`);
    expect(new Set(pairs).size).toBe(kept.length);
    expect(kept[0]).toBe(rows[0]);
    expect(keepDistinct(declaration, [rows[0] as object, { ...rows[0] }] as never)).toHaveLength(1);
  });
});

describe("a declaration's demo rows", () => {
  const withDemo = (rows: readonly Record<string, unknown>[]) =>
    ({ ...declaration, demo: { rows } }) as unknown as ResourceDeclaration;

  it('are written as given, with what they leave out made, a numeric select by its choice', async () => {
    const decl = withDemo([
      { title: 'Summer gift', value: 25 - 5, state: 'ACTIVE', level: 'HIGH' },
      { title: 'Winter gift', startAt: '2026-12-01T00:00:00.000Z', endAt: '2026-12-31T00:00:00.000Z' },
    ]);
    const [summer, winter, ...rest] = demoRows(decl, { references, now: NOW });
    expect(rest).toEqual([]);
    expect(summer).toMatchObject({ title: 'Summer gift', value: 20, state: 'ACTIVE', level: 2 });
    expect(winter).toMatchObject({ title: 'Winter gift', startAt: '2026-12-01T00:00:00.000Z' });
    for (const row of [summer, winter]) expect((await accepted(declaration, row)).status).toBe(200);
  });

  it("hold for the README's gift card example", async () => {
    const example = {
      ...declaration,
      fields: [
        { name: 'title', type: 'text', required: true, maxLength: 80, search: true, sortable: true },
        { name: 'value', type: 'money', required: true, min: 1, filter: ['gte', 'lte'], sortable: true },
        {
          name: 'state',
          type: 'select',
          choices: THREE_VALUE_STATES,
          default: 'ACTIVE',
          filter: ['eq', 'in'],
        },
        { name: 'validUntil', type: 'date', filter: ['gte', 'lte'], sortable: true },
      ],
      rules: [],
      uniques: [],
      demo: {
        rows: [
          { title: 'Summer gift', value: 25 },
          { title: 'Birthday treat', value: 10, state: 'DISABLED' },
        ],
      },
    } as const satisfies ResourceDeclaration;
    const rows = demoRows(example, { now: NOW });
    expect(rows).toMatchObject([
      { title: 'Summer gift', value: 25, state: 'ACTIVE' },
      { title: 'Birthday treat', value: 10, state: 'DISABLED' },
    ]);
    for (const row of rows) expect(Value.Errors(createBodySchema(example), row)).toEqual([]);
  });

  it('fail the seed, naming the table and the field, when they do not fit the declaration', () => {
    const make = (row: Record<string, unknown>) => () => demoRows(withDemo([row]), { references, now: NOW });
    expect(make({ title: 'A title far too long for twelve' })).toThrow(/giftCards: demo row 1 .*title/);
    expect(make({ value: 21 })).toThrow(/giftCards: demo row 1 .*value/);
    expect(make({ state: 'SOMETIMES' })).toThrow(/state/);
    expect(make({ colour: 'red' })).toThrow(/colour, which is not a field/);
    expect(make({ storeId: 11 })).toThrow(/the seed fills references/);
    expect(make({ startAt: '2026-12-31T00:00:00.000Z', endAt: '2026-12-01T00:00:00.000Z' })).toThrow(
      /breaks a rule/,
    );
  });
});
