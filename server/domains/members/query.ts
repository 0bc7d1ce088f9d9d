// Who is in a members list or a segment (issue 25): the members list's filters (contract/members.ts
// MEMBER_FILTER_FIELDS) as SQL over `members` joined to the company's `member_standing`. One builder
// for the list (GET /members), a segment's reach and a push sent to a segment, so the three cannot
// disagree on who a filter means. Nothing from the request reaches SQL as text: fields come from the
// allow-list below and every value is a bound parameter (the list parser's own rules).
import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FieldViolation } from '../../../contract/envelope';
import { MAX_PAGE_SIZE } from '../../../contract/list-query';
import { MEMBER_FILTER_FIELDS, MEMBER_SORT_FIELDS, type MemberFilterName } from '../../../contract/members';
import type { DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { brand, memberLevels, memberStanding, members, store } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { MAX_IN_VALUES, parseListQuery } from '../../platform/list/query';
import type { ListSpec, ParsedList, RawListQuery } from '../../platform/list/types';
import type { Caller } from '../../resources/principal';
import { membersVisibleTo } from '../../resources/visibility';

/**
 * The filters the builder answers itself (sets and counts kept on the standing row, server/domains/
 * members/standing.ts); the rest go to the list parser.
 */
const OWN_FILTERS = [
  'companyId',
  'brandId',
  'storeId',
  'hasAvailableVoucher',
  'daysSinceLastVisit',
] as const satisfies readonly MemberFilterName[];

/** The company of a merchant who has none yet: no row names it, so their list is empty. */
const NO_COMPANY = 0;

/** The most days a `daysSinceLastVisit` filter may name (ten years). */
const MAX_DAYS = 3650;
type OwnFilter = (typeof OWN_FILTERS)[number];
const isOwn = (name: unknown): name is OwnFilter => (OWN_FILTERS as readonly unknown[]).includes(name);

/** The members fields: a list or a count naming none of them reads the company's standing alone. */
const MEMBER_COLUMNS: ReadonlySet<string> = new Set(['id', 'mobile', 'name', 'createTime']);

/** The list parser's allow-list over members and, with a company, its standing. */
export const memberListSpec = (companyId: number | null): ListSpec => {
  const spec: ListSpec = {
    id: { column: members.id, type: 'number', filter: ['eq', 'in'], sort: true },
    mobile: { column: members.mobile, type: 'text', filter: ['eq', 'in', 'regex'], sort: true, search: true },
    name: { column: members.name, type: 'text', filter: ['eq', 'regex'], sort: true, search: true },
    createTime: { column: members.createTime, type: 'datetime', filter: ['gte', 'lte'], sort: true },
  };
  if (companyId === null) return spec;
  const f = MEMBER_FILTER_FIELDS;
  return {
    ...spec,
    // the same id, read from the standing row: the tie-breaker of its indexes (a page in index order)
    id: { column: memberStanding.memberId, type: 'number', filter: ['eq', 'in'], sort: true },
    levelId: { column: memberStanding.levelId, type: 'number', filter: f.levelId.ops },
    lastVisitAt: {
      column: memberStanding.lastVisitAt,
      type: 'datetime',
      filter: f.lastVisitAt.ops,
      sort: true,
    },
    firstVisitAt: {
      column: memberStanding.firstVisitAt,
      type: 'datetime',
      filter: f.firstVisitAt.ops,
      sort: true,
    },
    stampsInWindow: {
      column: memberStanding.stampsInWindow,
      type: 'number',
      filter: f.stampsInWindow.ops,
      sort: true,
    },
    visitsInWindow: {
      column: memberStanding.visitsInWindow,
      type: 'number',
      filter: f.visitsInWindow.ops,
      sort: true,
    },
    completedCardsInWindow: { column: memberStanding.completedCardsInWindow, type: 'number' },
    measureValue: { column: memberStanding.measureValue, type: 'number', sort: true },
  };
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const ids = (value: unknown): number[] | null => {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > MAX_IN_VALUES) return null;
  return list.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0)
    ? (list as number[])
    : null;
};

/** The raw `filter` array: JSON text (a list query) or already an array (a segment's stored filter). */
const filterArray = (raw: unknown): unknown[] => {
  if (raw === undefined || raw === null || raw === '') return [];
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('JSON_PARSE_FAILED', [{ field: 'filter', message: 'is not valid JSON' }]);
    }
  }
  if (!Array.isArray(value))
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'filter', message: 'must be a JSON array of {field, op, value}' },
    ]);
  return value;
};

/** The company a members list or segment is about, and the filters split by who answers them. */
export interface MemberScope {
  /** the company whose standing the rows carry; null: an operator's list of every member */
  companyId: number | null;
  /** the caller's brand (a colleague limited to one): only members holding its cards or vouchers */
  brandId: number | null;
}

interface Split {
  own: { index: number; name: OwnFilter; op: string; value: unknown }[];
  rest: { index: number; item: unknown }[];
}

const split = (items: unknown[]): Split => {
  const out: Split = { own: [], rest: [] };
  items.forEach((item, index) => {
    if (isRecord(item) && isOwn(item.field))
      out.own.push({ index, name: item.field, op: String(item.op), value: item.value });
    else out.rest.push({ index, item });
  });
  return out;
};

/**
 * The company `raw`'s filters are about, for an operator: its `companyId`, else the company of the
 * level, brand or store it names (each must exist). Null when it names none.
 */
const companyNamedBy = async (db: DbOrTx, own: Split['own'], rest: Split['rest']): Promise<number | null> => {
  const first = <T extends { id: unknown }>(rows: T[]) => rows[0];
  for (const f of own) {
    const list = ids(f.value);
    const id = list?.[0];
    if (id === undefined) continue;
    if (f.name === 'companyId') return id;
    const table = f.name === 'brandId' ? brand : store;
    const row = first(
      await db.select({ id: table.id, companyId: table.companyId }).from(table).where(eq(table.id, id)),
    );
    if (typeof row?.companyId === 'number') return row.companyId;
  }
  for (const { item } of rest) {
    if (!isRecord(item) || item.field !== 'levelId') continue;
    const id = ids(item.value)?.[0];
    if (id === undefined) continue;
    const row = first(
      await db
        .select({ id: memberLevels.id, companyId: memberLevels.companyId })
        .from(memberLevels)
        .where(eq(memberLevels.id, id)),
    );
    if (typeof row?.companyId === 'number') return row.companyId;
  }
  return null;
};

/**
 * The builder's own filters, over the company's standing row: the brands of the cards and vouchers the
 * member holds, the stores they were stamped, redeemed or given a card at, their AVAILABLE vouchers.
 */
const ownCondition = (
  companyId: number,
  f: Split['own'][number],
  errors: FieldViolation[],
): SQL | undefined => {
  const at = `filter[${f.index}]`;
  const allowed = MEMBER_FILTER_FIELDS[f.name].ops as readonly string[];
  if (!allowed.includes(f.op)) {
    errors.push({ field: `${at}.op`, message: `${f.name} cannot be filtered with ${f.op}` });
    return undefined;
  }
  if (f.name === 'hasAvailableVoucher') {
    const yes = f.value === true || f.value === 'true';
    if (!yes && f.value !== false && f.value !== 'false') {
      errors.push({ field: `${at}.value`, message: 'must be a boolean' });
      return undefined;
    }
    return yes ? gt(memberStanding.availableVouchers, 0) : eq(memberStanding.availableVouchers, 0);
  }
  if (f.name === 'daysSinceLastVisit') {
    const days = typeof f.value === 'string' && f.value.trim() !== '' ? Number(f.value) : f.value;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_DAYS) {
      errors.push({ field: `${at}.value`, message: `must be a whole number of days from 0 to ${MAX_DAYS}` });
      return undefined;
    }
    // at least N days since: the last visit is N days ago or earlier; at most N: within the last N days
    const since = sql`now() - make_interval(days => ${days}::int)`;
    return f.op === 'gte'
      ? sql`${memberStanding.lastVisitAt} <= ${since}`
      : sql`${memberStanding.lastVisitAt} >= ${since}`;
  }
  const list = ids(f.value);
  if (!list || (f.op === 'eq' && Array.isArray(f.value))) {
    errors.push({
      field: `${at}.value`,
      message: f.op === 'in' ? `must be 1 to ${MAX_IN_VALUES} ids` : 'must be an id',
    });
    return undefined;
  }
  const anyOf = sql`${sql.param(list)}::int[]`;
  switch (f.name) {
    case 'companyId':
      return list.includes(companyId) ? undefined : sql`false`;
    case 'brandId':
      return sql`${memberStanding.brandIds} && ${anyOf}`;
    case 'storeId':
      return sql`${memberStanding.storeIds} && ${anyOf}`;
    default: {
      const never: never = f.name;
      throw new Error(`unknown filter ${String(never)}`);
    }
  }
};

/** A parse failure's violations, named by the filter's index in the request (not in the parser's part). */
const renumber = (violations: readonly FieldViolation[], rest: Split['rest']): FieldViolation[] =>
  violations.map((v) => {
    const m = /^filter\[(\d+)\](.*)$/.exec(v.field);
    const orig = m ? rest[Number(m[1])]?.index : undefined;
    return m && orig !== undefined ? { ...v, field: `filter[${orig}]${m[2]}` } : v;
  });

/** A members list: the parsed list (rows of `members` ⋈ standing), plus the company it is about. */
export interface MemberList {
  scope: MemberScope;
  list: ParsedList;
  /** the conditions to count and page by: the caller's visibility, the company's standing, the filters */
  where: SQL | undefined;
  /** `where` without a cursor's condition: what the page's total counts (a cursor continues a list) */
  counted: SQL | undefined;
  /**
   * Nothing in it tests a members column (mobile, name, id, createTime): with a company, its total is
   * counted over the company's standing rows alone (an index, not a join of 100,000 rows).
   */
  standingOnly: boolean;
}

/** Whether a query's filters or search name a column of `members` itself. */
const namesMembers = (items: unknown[], raw: RawListQuery): boolean =>
  items.some((item) => isRecord(item) && typeof item.field === 'string' && MEMBER_COLUMNS.has(item.field)) ||
  (typeof raw.search === 'string' && raw.search !== '' && raw.search !== '{}');

/**
 * Parses a members list query about `scope` (its company's members; every member without one: a
 * per-company filter then is code 2 naming it). `defaultSort` when the query names none.
 */
const parseAbout = (scope: MemberScope, raw: RawListQuery, parts: Split, items: unknown[]) => {
  const { companyId } = scope;
  const errors: FieldViolation[] = [];
  const extra: SQL[] = [];
  if (companyId === null) {
    items.forEach((item, index) => {
      if (!isRecord(item) || typeof item.field !== 'string') return;
      const field = (MEMBER_FILTER_FIELDS as Record<string, { perCompany?: boolean }>)[item.field];
      if (field?.perCompany)
        errors.push({
          field: `filter[${index}].field`,
          message: `${item.field} is per company: filter by companyId (or a level, brand or store) too`,
        });
    });
  } else {
    for (const f of parts.own) {
      const c = ownCondition(companyId, f, errors);
      if (c) extra.push(c);
    }
  }
  const spec = memberListSpec(companyId);
  const sortable = new Set<string>(MEMBER_SORT_FIELDS);
  for (const [name, field] of Object.entries(spec))
    if (!sortable.has(name) && name !== 'id') field.sort = false;
  // a per-company filter without a company is answered above, once (not again as an unknown field)
  const rest =
    companyId === null
      ? parts.rest.filter(({ item }) => {
          const name = isRecord(item) && typeof item.field === 'string' ? item.field : '';
          return !(MEMBER_FILTER_FIELDS as Record<string, { perCompany?: boolean }>)[name]?.perCompany;
        })
      : parts.rest;
  const parsed = parseListQuery({ ...raw, filter: JSON.stringify(rest.map((r) => r.item)) }, spec, {
    defaultSort: [
      companyId === null
        ? { field: 'createTime', direction: 'desc' }
        : // the company's members highest level first: its measure (lastVisitAt would put the
          // members who never visited first, as PostgreSQL sorts nulls first descending)
          { field: 'measureValue', direction: 'desc' },
    ],
    computed: ['level', 'companyId'],
  });
  if (!parsed.ok) errors.push(...renumber(parsed.error.data, rest));
  if (errors.length > 0 || !parsed.ok) throw new AppError('PARAMETER_VALIDATION_FAILED', errors);
  return { list: parsed.value, extra };
};

/**
 * Parses a members list query for `caller`: a merchant's list is their company's members (a
 * brand-limited colleague's, the brand's); an operator's is every member, or one company's when the
 * filters name it (`companyId`, or a level, brand or store of it).
 */
export const parseMemberList = async (db: Db, caller: Caller, raw: RawListQuery): Promise<MemberList> => {
  const items = filterArray(raw.filter);
  const parts = split(items);
  let companyId: number | null;
  if (caller.type === 'OPERATOR') companyId = await companyNamedBy(db, parts.own, parts.rest);
  // a merchant whose company is not set up yet has no members: the list of no company (ids start at 1)
  else companyId = caller.companyId ?? NO_COMPANY;
  const scope: MemberScope = { companyId, brandId: caller.type === 'OPERATOR' ? null : caller.brandId };
  const { list, extra } = parseAbout(scope, raw, parts, items);
  // a colleague limited to a brand: the members holding its cards or vouchers
  const visible =
    scope.brandId === null
      ? undefined
      : companyId === null
        ? membersVisibleTo(db, caller)
        : sql`${memberStanding.brandIds} @> ${sql.param([scope.brandId])}::int[]`;
  return {
    scope,
    list,
    where: and(visible, ...extra, list.where),
    counted: and(visible, ...extra, list.continued ? list.whereWithoutCursor : list.where),
    standingOnly: companyId !== null && !namesMembers(items, raw),
  };
};

/** A segment's filter parsed for company `companyId`: its conditions, and whether they name `members`. */
const segmentWhere = (_db: DbOrTx, companyId: number, filter: unknown) => {
  const items = filterArray(filter);
  const parts = split(items);
  const raw = { filter: JSON.stringify(items), size: String(MAX_PAGE_SIZE) };
  const { extra, list } = parseAbout({ companyId, brandId: null }, raw, parts, items);
  return { where: and(...extra, list.where), standingOnly: !namesMembers(items, raw) };
};

/**
 * SQL true for the members of company `companyId` in a segment (its stored filter), over `members`:
 * a push's audience. A stored filter that no longer parses is code 2.
 */
export const segmentCondition = (db: DbOrTx, companyId: number, filter: unknown): SQL => {
  const { where } = segmentWhere(db, companyId, filter);
  return sql`exists (select 1 from ${memberStanding} where ${memberStanding.memberId} = ${members.id} and ${memberStanding.companyId} = ${companyId}${where ? sql` and ${where}` : sql``})`;
};

/**
 * How many members of company `companyId` a segment's filter picks now: counted over the company's
 * standing rows (joined to `members` only when the filter names a members column).
 */
export const segmentReachCount = async (db: DbOrTx, companyId: number, filter: unknown): Promise<number> => {
  const { where, standingOnly } = segmentWhere(db, companyId, filter);
  const q = db.select({ n: count() }).from(memberStanding);
  const joined = standingOnly ? q : q.innerJoin(members, eq(members.id, memberStanding.memberId));
  const [row] = await joined.where(and(eq(memberStanding.companyId, companyId), where));
  return Number(row?.n ?? 0);
};
