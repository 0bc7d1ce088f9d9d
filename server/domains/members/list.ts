// The members list, its CSV export and a member's profile (issue 25; docs/api.md "Members"). The list
// is `members` ⋈ the company's standing (server/domains/members/query.ts parses its filters), one
// page and its total in one statement as every list reads them (server/platform/list/page.ts selectPage).
// All three need `member` VIEW; a merchant sees the members standing at its company, a colleague
// limited to a brand that brand's; an export and each profile view are written to the audit log.
import { and, asc, desc, eq, inArray, max, min, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PageInfo } from '../../../contract/envelope';
import type { MemberLevelRef } from '../../../contract/members';
import { memberCards as memberCardsDecl } from '../../../resources/tables/memberCards';
import { members as membersDecl } from '../../../resources/tables/members';
import { pushDeliveries as deliveriesDecl } from '../../../resources/tables/pushDeliveries';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { rowsOfResult } from '../../platform/db/raw-rows';
import {
  company,
  memberCards,
  memberLevelHistory,
  memberLevels,
  memberStanding,
  members,
  pushDeliveries,
  stampCard,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { encodeCursor } from '../../platform/list/cursor';
import { estimatedRows, listLimits, pageInfo } from '../../platform/list/page';
import type { RawListQuery } from '../../platform/list/types';
import { authorize, declaredGrant } from '../../resources/authorize';
import type { ExportPlan } from '../../resources/export';
import type { Caller } from '../../resources/principal';
import { callerScopeOf } from '../../resources/row-scope';
import { membersVisibleTo } from '../../resources/visibility';
import { memberVouchers } from './lookup';
import { type MemberList, parseMemberList } from './query';

type Row = Record<string, unknown>;

/** The page's total, read beside the rows (a name no column takes), as selectPage does. */
const TOTAL_KEY = '__total';
/** Rows per batch of the members export. */
export const MEMBER_EXPORT_BATCH = 500;
/** Pushes answered on a profile, newest first. */
export const PROFILE_PUSHES_MAX = 100;
/** Level moves answered per company on a profile, newest first. */
export const PROFILE_LEVEL_MOVES_MAX = 50;

/** The MemberRow fields a row of an operator's list without a company answers as null. */
const ACTIVITY_FIELDS = [
  'levelId',
  'stampsInWindow',
  'visitsInWindow',
  'completedCardsInWindow',
  'measureValue',
  'firstVisitAt',
  'lastVisitAt',
] as const;

/** `FROM members [⋈ the company's standing]`: what the rows and their count are read from. */
const fromOf = (companyId: number | null): SQL =>
  companyId === null
    ? sql`${members}`
    : sql`${members} inner join ${memberStanding} on ${memberStanding.memberId} = ${members.id} and ${memberStanding.companyId} = ${companyId}`;

/** The rows of `parsed`'s columns (plus `extra`), the company's level joined when there is one. */
const selectRows = (db: Db, parsed: MemberList, extra: Record<string, AnyPgColumn | SQL>) => {
  const { scope, list } = parsed;
  const columns: Record<string, AnyPgColumn | SQL> = { ...list.columns, ...extra };
  if (scope.companyId === null) return db.select(columns).from(members).$dynamic();
  columns.levelName = memberLevels.name;
  columns.levelRank = memberLevels.rank;
  return db
    .select(columns)
    .from(members)
    .innerJoin(
      memberStanding,
      and(eq(memberStanding.memberId, members.id), eq(memberStanding.companyId, scope.companyId)),
    )
    .leftJoin(memberLevels, eq(memberLevels.id, memberStanding.levelId))
    .$dynamic();
};

/** A row as the list answers it (contract/members.ts MemberRow): its company and level. */
const shape = (parsed: MemberList, projected: boolean, raw: Row): Row => {
  const { levelName, levelRank, ...row } = raw;
  const { companyId } = parsed.scope;
  const want = (name: string) => !projected || parsed.list.computed.includes(name);
  if (!projected && companyId === null) for (const f of ACTIVITY_FIELDS) row[f] = null;
  if (want('companyId')) row.companyId = companyId;
  if (want('level'))
    row.level =
      typeof row.levelId === 'number' && typeof levelName === 'string'
        ? ({ id: row.levelId, name: levelName, rank: Number(levelRank) } satisfies MemberLevelRef)
        : null;
  return row;
};

const mayListMembers = (caller: Caller) => authorize(caller, declaredGrant(membersDecl, 'list'));

/** `GET /members`: one page of the members the caller may see, with the total unless `noCount`. */
export const memberPage = async (
  db: Db,
  caller: Caller,
  raw: RawListQuery,
  noCount: boolean,
): Promise<{ data: Row[]; page: PageInfo }> => {
  mayListMembers(caller);
  const parsed = await parseMemberList(db, caller, raw);
  const { scope, list, where, counted } = parsed;
  // the keys are read even when the projection leaves them out: the next cursor is made of them
  const hidden = list.keys.filter((k) => !(k.name in list.columns)).map((k) => k.name);
  const extra: Record<string, AnyPgColumn | SQL> = {};
  for (const k of list.keys) if (!(k.name in list.columns)) extra[k.name] = k.column;
  if (scope.companyId !== null && !('levelId' in list.columns)) extra.levelId = memberStanding.levelId;
  // every member, unfiltered, of a large table: its total is the planner's estimate (as selectPage)
  let estimate: number | undefined;
  if (!noCount && counted === undefined && scope.companyId === null) {
    const rows = await estimatedRows(db, members);
    if (rows > listLimits.largeTableRows) estimate = rows;
  }
  // a company's total over its standing rows alone when nothing tests a members column (an index)
  const countSql =
    scope.companyId !== null && parsed.standingOnly
      ? sql`(select count(*) from ${memberStanding} where ${and(eq(memberStanding.companyId, scope.companyId), counted)})`
      : sql`(select count(*) from ${fromOf(scope.companyId)}${counted ? sql` where ${counted}` : sql``})`;
  const countBeside = !noCount && estimate === undefined;
  if (countBeside) extra[TOTAL_KEY] = countSql.mapWith(Number);
  const rows = (await selectRows(db, parsed, extra)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset)) as Row[];
  let total: number | undefined = estimate;
  if (countBeside) {
    const first = rows[0]?.[TOTAL_KEY];
    total =
      typeof first === 'number'
        ? first
        : Number(rowsOfResult<{ n: unknown }>(await db.execute(sql`select ${countSql} as n`))[0]?.n ?? 0);
  }
  for (const row of rows) delete row[TOTAL_KEY];
  const info = pageInfo(list.page, list.size, total, estimate !== undefined);
  const last = rows.at(-1);
  const page: PageInfo =
    last && rows.length === list.size ? { ...info, cursor: encodeCursor(list.keys, last) } : info;
  const projected = raw.project !== undefined;
  const data = rows.map((r) => {
    const row = shape(parsed, projected, r);
    for (const name of hidden) delete row[name];
    if (projected && !('levelId' in list.columns)) delete row.levelId;
    return row;
  });
  return { data, page };
};

/** The export's columns, in order (the level by name; its id beside it). */
export const MEMBER_EXPORT_COLUMNS = [
  'id',
  'mobile',
  'name',
  'createTime',
  'companyId',
  'level',
  ...ACTIVITY_FIELDS,
] as const;

/** Every row of the members export, whatever page or projection was asked: its parsed list. */
const memberExportList = async (db: Db, caller: Caller, raw: RawListQuery) => {
  authorize(caller, declaredGrant(membersDecl, 'export'));
  const { page: _p, size: _s, project: _j, cursor: _c, ...query } = raw;
  return { query, parsed: await parseMemberList(db, caller, query) };
};

/** What the members export checks before it counts a row (a scheduled export's view is checked by it). */
export const checkMemberExport = async (db: Db, caller: Caller, raw: RawListQuery): Promise<void> => {
  await memberExportList(db, caller, raw);
};

/**
 * `GET /members/export`: every member of the list's filters, in its order, as CSV rows (the level by
 * its name). Counted first and audited (who, which filters, how many rows) before a row is sent.
 */
export const memberExport = async (db: Db, caller: Caller, raw: RawListQuery): Promise<ExportPlan> => {
  const { query, parsed } = await memberExportList(db, caller, raw);
  const { scope, list, where } = parsed;
  const [counted] = rowsOfResult<{ n: unknown }>(
    await db.execute(
      sql`select count(*) as n from ${fromOf(scope.companyId)}${where ? sql` where ${where}` : sql``}`,
    ),
  );
  const total = Number(counted?.n ?? 0);
  await recordAudit(db, {
    actor: { id: caller.id, email: caller.email },
    action: 'export',
    resource: membersDecl.name,
    recordId: null,
    companyId: scope.companyId,
    after: {
      rows: total,
      filter: typeof query.filter === 'string' ? query.filter : null,
      search: typeof query.search === 'string' ? query.search : null,
      sort: query.sort ?? null,
    },
  });
  const extra: Record<string, AnyPgColumn | SQL> =
    scope.companyId === null ? {} : { levelId: memberStanding.levelId };
  const batch = async (offset: number) =>
    (
      (await selectRows(db, parsed, extra)
        .where(where)
        .orderBy(...list.orderBy)
        .limit(MEMBER_EXPORT_BATCH)
        .offset(offset)) as Row[]
    ).map((r) => {
      const row = shape(parsed, false, r);
      const level = row.level as MemberLevelRef | null;
      return { ...row, level: level?.name ?? null };
    });
  const first = await batch(0);
  async function* batches(): AsyncGenerator<Row[]> {
    let rows = first;
    let offset = 0;
    while (rows.length > 0) {
      yield rows;
      if (rows.length < MEMBER_EXPORT_BATCH) return;
      offset += rows.length;
      rows = await batch(offset);
    }
  }
  return { columns: [...MEMBER_EXPORT_COLUMNS], batches: batches() };
};

const ID_KEY = /^[1-9][0-9]{0,9}$/;

/** The member `key` names (an E.164 mobile, or the member's id) if the caller may see them, else 5. */
const findMember = async (db: Db, caller: Caller, key: string) => {
  const byKey = ID_KEY.test(key) ? eq(members.id, Number(key)) : eq(members.mobile, key);
  const [member] = await db
    .select()
    .from(members)
    .where(and(byKey, caller.type === 'OPERATOR' ? undefined : membersVisibleTo(db, caller)))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND', [{ field: 'mobile', message: 'no member with this mobile' }]);
  return member;
};

/** The member `key` (id or mobile) the caller may read (members' VIEW; a merchant's company's only), else 5. */
export const visibleMember = (db: Db, caller: Caller, key: string) => {
  authorize(caller, declaredGrant(membersDecl, 'get'));
  return findMember(db, caller, key);
};

const levelRef = (id: unknown, name: unknown, rank: unknown): MemberLevelRef | null =>
  typeof id === 'number' && typeof name === 'string' ? { id, name, rank: Number(rank) } : null;

/** A member's standing at each company (of `companyOnly`, when given): level, activity, recent level moves. */
const profileStanding = async (db: Db, mobile: string, companyOnly: number | undefined) => {
  const standingRows = await db
    .select({
      companyId: memberStanding.companyId,
      companyName: company.name,
      levelId: memberStanding.levelId,
      levelName: memberLevels.name,
      levelRank: memberLevels.rank,
      levelSince: memberStanding.levelSince,
      measureValue: memberStanding.measureValue,
      stampsInWindow: memberStanding.stampsInWindow,
      visitsInWindow: memberStanding.visitsInWindow,
      completedCardsInWindow: memberStanding.completedCardsInWindow,
      firstVisitAt: memberStanding.firstVisitAt,
      lastVisitAt: memberStanding.lastVisitAt,
    })
    .from(memberStanding)
    .innerJoin(company, eq(company.id, memberStanding.companyId))
    .leftJoin(memberLevels, eq(memberLevels.id, memberStanding.levelId))
    .where(
      and(
        eq(memberStanding.memberMobile, mobile),
        companyOnly === undefined ? undefined : eq(memberStanding.companyId, companyOnly),
      ),
    )
    .orderBy(desc(memberStanding.lastVisitAt), asc(memberStanding.companyId));

  const companyIds = standingRows.map((s) => s.companyId);
  const fromLevel = sql<
    string | null
  >`(select ${memberLevels.name} from ${memberLevels} where ${memberLevels.id} = ${memberLevelHistory.fromLevelId})`;
  const toLevel = sql<
    string | null
  >`(select ${memberLevels.name} from ${memberLevels} where ${memberLevels.id} = ${memberLevelHistory.toLevelId})`;
  const moves =
    companyIds.length === 0
      ? []
      : await db
          .select({
            id: memberLevelHistory.id,
            companyId: memberLevelHistory.companyId,
            fromLevelId: memberLevelHistory.fromLevelId,
            fromLevelName: fromLevel,
            toLevelId: memberLevelHistory.toLevelId,
            toLevelName: toLevel,
            reason: memberLevelHistory.reason,
            measureValue: memberLevelHistory.measureValue,
            at: memberLevelHistory.at,
          })
          .from(memberLevelHistory)
          .where(
            and(
              eq(memberLevelHistory.memberMobile, mobile),
              inArray(memberLevelHistory.companyId, companyIds),
            ),
          )
          .orderBy(desc(memberLevelHistory.at), desc(memberLevelHistory.id))
          .limit(PROFILE_LEVEL_MOVES_MAX * companyIds.length);

  const standing = standingRows.map((s) => {
    const { levelName, levelRank, companyId, ...rest } = s;
    return {
      ...rest,
      companyId,
      level: levelRef(s.levelId, levelName, levelRank),
      levelHistory: moves
        .filter((m) => m.companyId === companyId)
        .slice(0, PROFILE_LEVEL_MOVES_MAX)
        .map(({ companyId: _c, ...m }) => m),
    };
  });
  return { standing, companyIds };
};

/**
 * `GET /members/{mobile}`: the member, their standing at each company the caller may see (level,
 * activity, level history), their cards, vouchers by state with history and the pushes they received.
 * A merchant sees their company's only; a member of no company of theirs answers 5, like a missing one.
 * Each view is audited (the member's id, never the mobile).
 */
export const memberProfile = async (db: Db, caller: Caller, key: string) => {
  authorize(caller, declaredGrant(membersDecl, 'get'));
  const member = await findMember(db, caller, key);
  const mobile = member.mobile;
  const companyOnly = caller.type === 'OPERATOR' ? undefined : caller.companyId;
  if (companyOnly === null) throw new AppError('NOT_FOUND');

  const { standing, companyIds } = await profileStanding(db, mobile, companyOnly);

  const cards = await db
    .select({
      id: memberCards.id,
      stampCardId: memberCards.stampCardId,
      title: stampCard.title,
      stamps: memberCards.stamps,
      // the card's own terms, as issued (issue 40 item 2)
      stampsRequired: memberCards.stampsRequired,
      maxStampsPerTransaction: memberCards.maxStampsPerTransaction,
      state: memberCards.state,
      storeId: memberCards.storeId,
      companyId: memberCards.companyId,
      brandId: memberCards.brandId,
      completedAt: memberCards.completedAt,
      createTime: memberCards.createTime,
    })
    .from(memberCards)
    .innerJoin(stampCard, eq(stampCard.id, memberCards.stampCardId))
    .where(and(eq(memberCards.memberMobile, mobile), callerScopeOf(memberCardsDecl, memberCards, caller)))
    .orderBy(desc(memberCards.createTime), desc(memberCards.id))
    .limit(200);

  const pushes = await db
    .select({
      id: pushDeliveries.id,
      pushId: pushDeliveries.pushId,
      companyId: pushDeliveries.companyId,
      title: pushDeliveries.title,
      body: pushDeliveries.body,
      state: pushDeliveries.state,
      at: pushDeliveries.at,
    })
    .from(pushDeliveries)
    .where(
      and(eq(pushDeliveries.memberMobile, mobile), callerScopeOf(deliveriesDecl, pushDeliveries, caller)),
    )
    .orderBy(desc(pushDeliveries.at), desc(pushDeliveries.id))
    .limit(PROFILE_PUSHES_MAX);

  const wallet = await memberVouchers(db, caller, mobile);

  const [visits] =
    companyIds.length === 0
      ? [undefined]
      : await db
          .select({ first: min(memberStanding.firstVisitAt), last: max(memberStanding.lastVisitAt) })
          .from(memberStanding)
          .where(and(eq(memberStanding.memberMobile, mobile), inArray(memberStanding.companyId, companyIds)));

  await recordAudit(db, {
    actor: { id: caller.id, email: caller.email },
    action: 'view',
    resource: membersDecl.name,
    recordId: member.id,
    companyId: companyOnly ?? null,
  });

  return {
    member,
    // the caller's company's level (a merchant's); an operator's when the member stands at one company
    level: standing.length === 1 ? (standing[0]?.level ?? null) : null,
    firstVisitAt: visits?.first ?? null,
    lastVisitAt: visits?.last ?? null,
    standing,
    cards,
    vouchers: wallet.vouchers,
    availableValue: wallet.availableValue,
    availableValues: wallet.availableValues,
    pushes,
  };
};
