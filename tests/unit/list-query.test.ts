import type { SQL } from 'drizzle-orm';
import { boolean, integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, REGEX_MAX_LENGTH } from '../../contract/list-query';
import { pageInfo } from '../../server/platform/list/page';
import { isNoCount, parseListQuery } from '../../server/platform/list/query';
import { checkRegex, escapeLike } from '../../server/platform/list/regex';
import type { ListSpec, RawListQuery } from '../../server/platform/list/types';

const people = pgTable('people', {
  id: integer('id').primaryKey(),
  name: text('name'),
  email: text('email'),
  state: text('state'),
  age: integer('age'),
  active: boolean('active'),
  secret: text('secret'),
  createTime: timestamp('create_time', { withTimezone: true }),
});

const spec: ListSpec = {
  id: { column: people.id, type: 'number', filter: ['eq', 'in'], sort: true },
  name: { column: people.name, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
  email: { column: people.email, type: 'text', filter: ['eq'], search: true },
  state: { column: people.state, type: 'enum', values: ['ENABLE', 'LOCK'], filter: ['eq', 'in'], sort: true },
  age: { column: people.age, type: 'number', filter: ['eq', 'gte', 'lte', 'regex'] },
  active: { column: people.active, type: 'boolean', filter: ['eq'] },
  secret: { column: people.secret, type: 'text', project: false },
  createTime: { column: people.createTime, type: 'datetime', filter: ['gte', 'lte'], sort: true },
};

const dialect = new PgDialect();
const render = (piece: SQL | undefined) => (piece ? dialect.sqlToQuery(piece) : undefined);

const parse = (raw: RawListQuery) => parseListQuery(raw, spec);
const okList = (raw: RawListQuery) => {
  const r = parse(raw);
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
};
const failure = (raw: RawListQuery) => {
  const r = parse(raw);
  if (r.ok) throw new Error('expected a failure');
  return r.error;
};
const filter = (...f: unknown[]) => ({ filter: JSON.stringify(f) });

describe('paging', () => {
  it('defaults to page 0 of 20, ordered by id', () => {
    const v = okList({});
    expect(v).toMatchObject({ page: 0, size: 20, limit: 20, offset: 0, where: undefined });
    expect(v.orderBy.map((o) => render(o)?.sql)).toEqual(['"people"."id" asc']);
  });

  it('turns page and size into limit and offset', () => {
    expect(okList({ page: '3', size: '50' })).toMatchObject({ page: 3, size: 50, limit: 50, offset: 150 });
    expect(okList({ size: String(MAX_PAGE_SIZE) }).size).toBe(MAX_PAGE_SIZE);
  });

  it.each([
    [{ page: '-1' }, 'page'],
    [{ page: 'x' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ size: '0' }, 'size'],
    [{ size: String(MAX_PAGE_SIZE + 1) }, 'size'],
    [{ size: 'ten' }, 'size'],
  ])('rejects %j with code 2 on %s', (raw, field) => {
    const e = failure(raw);
    expect(e.name).toBe('PARAMETER_VALIDATION_FAILED');
    expect(e.data.map((d) => d.field)).toEqual([field]);
  });
});

describe('sort', () => {
  it('applies sorts in order, then id as a tie-breaker', () => {
    const v = okList({ sort: ['name,desc', 'createTime,asc'] });
    expect(v.orderBy.map((o) => render(o)?.sql)).toEqual([
      '"people"."name" desc',
      '"people"."create_time" asc',
      '"people"."id" asc',
    ]);
  });

  it('accepts one sort string, upper-case directions and a sort on id without a second id', () => {
    const v = okList({ sort: 'id,DESC' });
    expect(v.orderBy.map((o) => render(o)?.sql)).toEqual(['"people"."id" desc']);
  });

  it('uses the default sort only when none is asked for', () => {
    const r = parseListQuery({}, spec, { defaultSort: [{ field: 'createTime', direction: 'desc' }] });
    expect(r.ok && r.value.orderBy.map((o) => render(o)?.sql)).toEqual([
      '"people"."create_time" desc',
      '"people"."id" asc',
    ]);
  });

  it.each([
    ['email,asc', 'cannot sort on "email"'],
    ['nope,asc', 'cannot sort on "nope"'],
    ['name,sideways', 'direction must be asc or desc'],
    ['name,asc,extra', 'direction must be asc or desc'],
    ['constructor,asc', 'cannot sort on "constructor"'],
  ])('rejects sort=%s', (sort, message) => {
    expect(failure({ sort }).data).toEqual([{ field: 'sort[0]', message }]);
  });
});

describe('project', () => {
  it('selects the named fields and always id', () => {
    expect(Object.keys(okList({ project: '["name","email"]' }).columns)).toEqual(['id', 'name', 'email']);
  });

  it('selects every projectable field by default, never the hidden ones', () => {
    const keys = Object.keys(okList({}).columns);
    expect(keys).toContain('createTime');
    expect(keys).not.toContain('secret');
  });

  it('rejects unknown and hidden fields', () => {
    expect(failure({ project: '["name","secret","zzz"]' }).data).toEqual([
      { field: 'project[1]', message: 'unknown field "secret"' },
      { field: 'project[2]', message: 'unknown field "zzz"' },
    ]);
    expect(failure({ project: '{"name":1}' }).data[0]?.field).toBe('project');
  });
});

describe('search', () => {
  it('is a case-insensitive contains, OR-ed over fields, with the text bound as a parameter', () => {
    const q = render(okList({ search: '{"name":"jo","email":"jo"}' }).where);
    expect(q?.sql).toBe('("people"."name" ilike $1 or "people"."email" ilike $2)');
    expect(q?.params).toEqual(['%jo%', '%jo%']);
  });

  it('escapes LIKE wildcards so they match literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(render(okList({ search: '{"name":"100%"}' }).where)?.params).toEqual(['%100\\%%']);
  });

  it('ignores empty search text', () => {
    expect(okList({ search: '{"name":""}' }).where).toBeUndefined();
  });

  it('rejects non-searchable fields and non-string values', () => {
    expect(failure({ search: '{"state":"x","name":{}}' }).data).toEqual([
      { field: 'search.state', message: 'state is not searchable' },
      { field: 'search.name', message: 'must be a string' },
    ]);
    expect(failure({ search: '["name"]' }).data[0]?.field).toBe('search');
  });
});

describe('filter', () => {
  it('ANDs filters, with every value bound', () => {
    const q = render(
      okList(
        filter(
          { field: 'state', op: 'in', value: ['ENABLE', 'LOCK'] },
          { field: 'name', op: 'eq', value: "x'; drop table people; --" },
          { field: 'age', op: 'gte', value: '18' },
          { field: 'active', op: 'eq', value: true },
        ),
      ).where,
    );
    expect(q?.sql).toBe(
      '("people"."state" in ($1, $2) and "people"."name" = $3 and "people"."age" >= $4 and "people"."active" = $5)',
    );
    expect(q?.params).toEqual(['ENABLE', 'LOCK', "x'; drop table people; --", 18, true]);
  });

  it('ANDs filters with the search', () => {
    const q = render(
      okList({ ...filter({ field: 'id', op: 'eq', value: 7 }), search: '{"name":"a"}' }).where,
    );
    expect(q?.sql).toBe('("people"."id" = $1 and "people"."name" ilike $2)');
  });

  it('maps eq null to IS NULL and in with null to an OR', () => {
    expect(render(okList(filter({ field: 'name', op: 'eq', value: null })).where)?.sql).toBe(
      '"people"."name" is null',
    );
    expect(render(okList(filter({ field: 'name', op: 'in', value: ['a', null] })).where)?.sql).toBe(
      '("people"."name" in ($1) or "people"."name" is null)',
    );
  });

  it('matches nothing for an empty in', () => {
    expect(render(okList(filter({ field: 'id', op: 'in', value: [] })).where)?.sql).toBe('false');
  });

  it('parses date-times for gte/lte', () => {
    const q = render(okList(filter({ field: 'createTime', op: 'lte', value: '2026-01-02T03:04:05Z' })).where);
    expect(q?.sql).toBe('"people"."create_time" <= $1');
    expect(q?.params).toEqual(['2026-01-02T03:04:05.000Z']);
  });

  it('uses the case-sensitive ~ with the pattern bound', () => {
    const q = render(okList(filter({ field: 'name', op: 'regex', value: '^Jo(hn|an)$' })).where);
    expect(q).toMatchObject({ sql: '"people"."name" ~ $1', params: ['^Jo(hn|an)$'] });
  });

  it.each([
    [{ field: 'nope', op: 'eq', value: 1 }, 'filter[0].field', 'unknown field "nope"'],
    [{ field: 'toString', op: 'eq', value: 1 }, 'filter[0].field', 'unknown field "toString"'],
    [{ op: 'eq', value: 1 }, 'filter[0].field', 'unknown field undefined'],
    [{ field: 'name', op: 'like', value: 'a' }, 'filter[0].op', 'must be one of eq, in, regex, gte, lte'],
    [{ field: 'email', op: 'in', value: ['a'] }, 'filter[0].op', 'email cannot be filtered with in'],
    [{ field: 'secret', op: 'eq', value: 'a' }, 'filter[0].op', 'secret cannot be filtered with eq'],
    [{ field: 'age', op: 'regex', value: '1' }, 'filter[0].op', 'regex is only for text fields'],
    [{ field: 'name', op: 'eq' }, 'filter[0].value', 'is required'],
    [{ field: 'age', op: 'eq', value: 'old' }, 'filter[0].value', 'must be a number'],
    [{ field: 'active', op: 'eq', value: 'yes' }, 'filter[0].value', 'must be a boolean'],
    [{ field: 'state', op: 'eq', value: 'GONE' }, 'filter[0].value', 'must be one of ENABLE, LOCK'],
    [{ field: 'state', op: 'in', value: 'ENABLE' }, 'filter[0].value', 'must be an array'],
    [{ field: 'name', op: 'eq', value: { a: 1 } }, 'filter[0].value', 'must be a string'],
    [{ field: 'createTime', op: 'gte', value: 'yesterday' }, 'filter[0].value', expect.stringMatching(/ISO/)],
    [{ field: 'name', op: 'regex', value: 5 }, 'filter[0].value', 'must be a string'],
  ])('rejects %j with code 2 at %s', (f, field, message) => {
    const e = failure(filter(f));
    expect(e.name).toBe('PARAMETER_VALIDATION_FAILED');
    expect(e.data).toEqual([{ field, message }]);
  });

  it('rejects gte/lte on a text field even if listed', () => {
    const r = parseListQuery(filter({ field: 'name', op: 'gte', value: 'a' }), {
      ...spec,
      name: { column: people.name, type: 'text', filter: ['gte'] },
    });
    expect(!r.ok && r.error.data).toEqual([
      { field: 'filter[0].op', message: 'gte is only for numbers and date-times' },
    ]);
  });

  it('accepts 100 in-values and rejects 101', () => {
    const values = Array.from({ length: 100 }, (_, i) => i);
    expect(parse(filter({ field: 'id', op: 'in', value: values })).ok).toBe(true);
    expect(failure(filter({ field: 'id', op: 'in', value: [...values, 100] })).data).toEqual([
      { field: 'filter[0].value', message: 'must hold at most 100 values' },
    ]);
  });

  it('reports every bad filter with its index', () => {
    const e = failure(
      filter({ field: 'name', op: 'eq', value: 'ok' }, { field: 'x', op: 'eq', value: 1 }, 3),
    );
    expect(e.data.map((d) => d.field)).toEqual(['filter[1].field', 'filter[2]']);
  });

  it('rejects a filter that is not an array', () => {
    expect(failure({ filter: '{"field":"name"}' }).data[0]?.field).toBe('filter');
  });
});

describe('malformed JSON is code 3, not 2', () => {
  it.each(['filter', 'search', 'project'])('%s', (param) => {
    const e = failure({ [param]: '[{"field":' });
    expect(e).toEqual({ name: 'JSON_PARSE_FAILED', data: [{ field: param, message: 'is not valid JSON' }] });
  });

  it('a repeated JSON parameter is code 3 too', () => {
    expect(failure({ filter: ['[]', '[]'] }).name).toBe('JSON_PARSE_FAILED');
  });
});

describe('checkRegex', () => {
  it.each(['^abc$', 'a+b*c?', '[a-z]{2,5}', '(?:ab)+', '(https?://)?example', 'a\\.b', '[(]+', 'x{100}'])(
    'accepts %s',
    (p) => {
      expect(checkRegex(p)).toBeUndefined();
    },
  );

  it.each([
    ['', 'must not be empty'],
    ['a'.repeat(REGEX_MAX_LENGTH + 1), `must be at most ${REGEX_MAX_LENGTH} characters`],
    ['(a)\\1', 'must not use back-references'],
    ['(?<n>a)\\k<n>', 'must not use lookaround or special groups; only (?: ) is allowed'],
    ['a(?=b)', 'must not use lookaround or special groups; only (?: ) is allowed'],
    ['a(?!b)', 'must not use lookaround or special groups; only (?: ) is allowed'],
    ['(?<=a)b', 'must not use lookaround or special groups; only (?: ) is allowed'],
    ['(?<!a)b', 'must not use lookaround or special groups; only (?: ) is allowed'],
    ['(a+)+', 'must not nest quantifiers such as (a+)+'],
    ['(a*)*', 'must not nest quantifiers such as (a+)+'],
    ['(.*){3}', 'must not nest quantifiers such as (a+)+'],
    ['((a+)b)*', 'must not nest quantifiers such as (a+)+'],
    ['(?:x+y)+$', 'must not nest quantifiers such as (a+)+'],
    ['a{101}', 'must not repeat more than 100 times'],
    ['a{1,1000}', 'must not repeat more than 100 times'],
    ['(', 'is not a valid regular expression'],
    ['[a-', 'is not a valid regular expression'],
    ['***=a', 'is not a valid regular expression'],
  ])('rejects %s', (p, message) => {
    expect(checkRegex(p)).toBe(message);
  });

  it('reaches the client as a filter value error', () => {
    expect(failure(filter({ field: 'name', op: 'regex', value: '(a+)+$' })).data).toEqual([
      { field: 'filter[0].value', message: 'regex must not nest quantifiers such as (a+)+' },
    ]);
  });
});

describe('paging helpers', () => {
  it('reads X-No-Count', () => {
    expect(isNoCount({ 'x-no-count': 'true' })).toBe(true);
    expect(isNoCount({ 'x-no-count': 'TRUE' })).toBe(true);
    expect(isNoCount({ 'x-no-count': 'false' })).toBe(false);
    expect(isNoCount({})).toBe(false);
  });

  it('builds the page object', () => {
    expect(pageInfo(0, 20, 93)).toEqual({ number: 0, size: 20, totalPages: 5, totalElements: 93 });
    expect(pageInfo(2, 20)).toEqual({ number: 2, size: 20 });
    expect(pageInfo(0, 20, 0)).toEqual({ number: 0, size: 20, totalPages: 0, totalElements: 0 });
  });
});
