// The links of the member's web cards (issue 26, docs/operations.md "The pocket card"). A token names
// one member card or voucher and the link's generation, signed with HMAC-SHA256 under a key derived
// from the server's secret: it cannot be guessed or moved to another row, and it carries no member
// data. Only the generation in pocket_links is current: revoking bumps it, so every older token of
// that row is dead at once, and a row no link was ever made for answers nothing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { POCKET_PAGES, type PocketKind, type PocketLink } from '../../../contract/pocket';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { prepared } from '../../platform/db/prepared';
import { brand, company, memberCards, pocketLinks, vouchers } from '../../platform/db/schema';
import { assertOrgOpen } from '../access/closure';

/** What signing and printing a link needs. */
export interface LinkKeys {
  /** PUBLIC_URL: links are absolute, they leave the portal */
  publicUrl: string;
  key: Buffer;
}

const keysByConfig = new WeakMap<object, LinkKeys>();

/** The link keys of this server: the HMAC key is HKDF(JWT secret, "pocket-link"), never stored. */
export const linkKeys = (config: Pick<Config, 'jwtSecret' | 'publicUrl'>): LinkKeys => {
  const known = keysByConfig.get(config);
  if (known) return known;
  const keys = {
    publicUrl: config.publicUrl,
    key: Buffer.from(hkdfSync('sha256', config.jwtSecret, new Uint8Array(0), 'pocket-link', 32)),
  };
  keysByConfig.set(config, keys);
  return keys;
};

/** 22 base64url characters: 132 bits of the HMAC. */
const SIGNATURE_LENGTH = 22;

const signText = (keys: LinkKeys, text: string): string =>
  createHmac('sha256', keys.key).update(text).digest('base64url').slice(0, SIGNATURE_LENGTH);

const sign = (keys: LinkKeys, kind: PocketKind, id: number, generation: number): string =>
  signText(keys, `${kind}:${id}:${generation}`);

/** `<id base 36>.<generation base 36>.<signature>` */
export const tokenOf = (keys: LinkKeys, kind: PocketKind, id: number, generation: number): string =>
  `${id.toString(36)}.${generation.toString(36)}.${sign(keys, kind, id, generation)}`;

const TOKEN = /^([0-9a-z]{1,12})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

/** The row and generation a token names when its signature holds for `kind`, else null. */
export const readToken = (
  keys: LinkKeys,
  kind: PocketKind,
  token: string,
): { id: number; generation: number } | null => {
  const m = TOKEN.exec(token);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const id = Number.parseInt(m[1], 36);
  const generation = Number.parseInt(m[2], 36);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || generation < 1) return null;
  const expected = Buffer.from(sign(keys, kind, id, generation));
  const given = Buffer.from(m[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { id, generation } : null;
};

/**
 * A member card's referral code (issue 43, REFERRAL campaigns): `<card id base 36>.<signature>`, what
 * the `ref` of a join link carries. It names the referrer's card and nothing else: it cannot be made
 * for another card, opens no web card, and works as long as the card exists.
 */
export const referralToken = (keys: LinkKeys, cardId: number): string =>
  `${cardId.toString(36)}.${signText(keys, `REFERRAL:${cardId}`)}`;

const REFERRAL_TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The referrer's card a referral code names when its signature holds, else null (none given: null). */
export const readReferralToken = (keys: LinkKeys, token: string | undefined): number | null => {
  if (token === undefined) return null;
  const m = REFERRAL_TOKEN.exec(token);
  if (!m?.[1] || !m[2]) return null;
  const id = Number.parseInt(m[1], 36);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const expected = Buffer.from(signText(keys, `REFERRAL:${id}`));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
};

const linkOf = (keys: LinkKeys, kind: PocketKind, id: number, generation: number): PocketLink => {
  const token = tokenOf(keys, kind, id, generation);
  return { url: `${keys.publicUrl}${POCKET_PAGES[kind]}${token}`, token };
};

/** The company of the row a link would name, or null when there is no such row. */
const companyOf = async (tx: DbOrTx, kind: PocketKind, id: number): Promise<number | null> => {
  const table = kind === 'CARD' ? memberCards : vouchers;
  const [row] = await tx.select({ companyId: table.companyId }).from(table).where(eq(table.id, id));
  return (row?.companyId as number | undefined) ?? null;
};

const current = (kind: PocketKind, id: number) =>
  and(eq(pocketLinks.kind, kind), eq(pocketLinks.recordId, id));

/** A row's link generation: built once (every card and voucher issued asks). */
const generationOf = prepared('pocket_link_generation', (db) =>
  db
    .select({ generation: pocketLinks.generation })
    .from(pocketLinks)
    .where(
      and(eq(pocketLinks.kind, sql.placeholder('kind')), eq(pocketLinks.recordId, sql.placeholder('id'))),
    ),
);

/**
 * The current link of a member card or voucher, made on first use. The caller has checked the row is
 * theirs to see; an unknown row throws (a bug, not input).
 */
export const linkFor = async (
  tx: DbOrTx,
  keys: LinkKeys,
  kind: PocketKind,
  id: number,
): Promise<PocketLink> => {
  const [known] = await generationOf(tx, { kind, id });
  if (known) return linkOf(keys, kind, id, known.generation);
  const companyId = await companyOf(tx, kind, id);
  if (companyId === null) throw new Error(`linkFor: no ${kind} ${id}`);
  // two first uses at once: one row wins, both answer its generation
  await tx.insert(pocketLinks).values({ kind, recordId: id, companyId }).onConflictDoNothing();
  const [row] = await tx
    .select({ generation: pocketLinks.generation })
    .from(pocketLinks)
    .where(current(kind, id));
  return linkOf(keys, kind, id, row?.generation ?? 1);
};

/** Kills every link of the row handed out so far and answers its new one. */
export const revokeLink = async (
  tx: DbOrTx,
  keys: LinkKeys,
  kind: PocketKind,
  id: number,
  now = new Date(),
): Promise<PocketLink> => {
  const [moved] = await tx
    .update(pocketLinks)
    .set({ generation: sql`${pocketLinks.generation} + 1`, updateTime: now })
    .where(current(kind, id))
    .returning({ generation: pocketLinks.generation });
  if (moved) return linkOf(keys, kind, id, moved.generation);
  // never handed out: the first link is generation 2, so nothing made before (there was nothing) works
  const companyId = await companyOf(tx, kind, id);
  if (companyId === null) throw new Error(`revokeLink: no ${kind} ${id}`);
  await tx
    .insert(pocketLinks)
    .values({ kind, recordId: id, companyId, generation: 2, updateTime: now })
    .onConflictDoUpdate({
      target: [pocketLinks.kind, pocketLinks.recordId],
      set: { generation: sql`${pocketLinks.generation} + 1`, updateTime: now },
    });
  return linkFor(tx, keys, kind, id);
};

/** The member card or voucher id a token names when it is well signed and current, else null. */
export const resolveLink = async (
  db: DbOrTx,
  keys: LinkKeys,
  kind: PocketKind,
  token: string,
): Promise<number | null> => {
  const named = readToken(keys, kind, token);
  if (!named) return null;
  const held = kind === 'CARD' ? memberCards : vouchers;
  const [row] = await db
    .select({ generation: pocketLinks.generation, companyState: company.state, brandState: brand.state })
    .from(pocketLinks)
    .leftJoin(company, eq(company.id, pocketLinks.companyId))
    .leftJoin(held, eq(held.id, pocketLinks.recordId))
    .leftJoin(brand, eq(brand.id, held.brandId))
    .where(current(kind, named.id));
  if (row?.generation !== named.generation) return null;
  // a closed company's or brand's web cards and passes open nothing (26433 / 26434) until enabled again
  assertOrgOpen({ company: row.companyState, brand: row.brandState });
  return named.id;
};

/**
 * Links for rows just issued, in the issue's transaction: every card and voucher has one from birth.
 * One statement whatever the count (an import's chunk issues thousands).
 */
export const linksAtBirth = async (
  tx: DbOrTx,
  kind: PocketKind,
  rows: readonly { id: number; companyId: unknown }[],
): Promise<void> => {
  if (rows.length === 0) return;
  const ids = rows.map((r) => Number(r.id));
  const companies = rows.map((r) => Number(r.companyId));
  await tx.execute(sql`
    insert into pocket_links (kind, record_id, company_id)
    select ${kind}, r.id, r.company_id
    from unnest(${sql.param(ids)}::int[], ${sql.param(companies)}::int[]) as r(id, company_id)
    on conflict do nothing`);
};
