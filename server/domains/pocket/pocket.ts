// What a member's web card shows (issue 26 item 1, contract/pocket.ts): a member card or a voucher
// reached by its link, the brand and its ACTIVE stores, and the member's other AVAILABLE vouchers of
// the same company, each with its own web card. Nothing else about the member: the mobile is masked.
// Read-only: it only reads links, it never makes one.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { STAMP_CARD_STATES } from '../../../contract/enums';
import { maskMobile } from '../../../contract/members';
import {
  POCKET_PAGES,
  type PocketBrand,
  type PocketCommon,
  type PocketKind,
  type PocketLinkSent,
  type PocketReferral,
  type PocketStore,
  type PocketVoucher,
  type PublicCardView,
  type PublicVoucherView,
  REFERRAL_PARAM,
} from '../../../contract/pocket';
import type { DbOrTx } from '../../platform/audit';
import { prepared } from '../../platform/db/prepared';
import {
  brand,
  memberCards,
  pocketLinks,
  stampCard,
  store,
  voucherPacks,
  vouchers,
} from '../../platform/db/schema';
import { queueMessage } from '../members/messages';
import { countryTermsOf, moneyString } from '../money/wallet';
import { runningPromotions, runningReferral } from './card-campaigns';
import { type LinkKeys, linkFor, referralToken, tokenOf } from './links';
import { walletOffers } from './passes';

/** The web card lists at most this many other vouchers. */
export const POCKET_VOUCHERS_SHOWN = 20;

const brandOf = async (db: DbOrTx, brandId: number): Promise<PocketBrand> => {
  const [row] = await db
    .select({ name: brand.name, logo: brand.logo, website: brand.website })
    .from(brand)
    .where(eq(brand.id, brandId));
  return {
    name: String(row?.name ?? ''),
    logo: (row?.logo as string | null) ?? null,
    website: (row?.website as string | null) ?? null,
  };
};

const storesOf = async (db: DbOrTx, brandId: number): Promise<PocketStore[]> => {
  const rows = await db
    .select({
      name: store.name,
      address: store.address,
      phone: store.phone,
      openingHours: store.openingHours,
    })
    .from(store)
    .where(and(eq(store.brandId, brandId), eq(store.state, 'ACTIVE')))
    .orderBy(asc(store.name));
  return rows.map((r) => ({
    name: String(r.name),
    address: String(r.address),
    phone: (r.phone as string | null) ?? null,
    openingHours: (r.openingHours as string | null) ?? null,
  }));
};

/** The page of a link that exists, else null (this read never makes one). */
const urlOf = (keys: LinkKeys, kind: PocketKind, id: number, generation: number | null): string | null =>
  generation === null ? null : `${keys.publicUrl}${POCKET_PAGES[kind]}${tokenOf(keys, kind, id, generation)}`;

/** The member's AVAILABLE vouchers of the company, soonest to expire first, but `except`. */
const vouchersOf = async (
  db: DbOrTx,
  keys: LinkKeys,
  companyId: number,
  mobile: string,
  except: number | null,
): Promise<PocketVoucher[]> => {
  const rows = await db
    .select({
      id: vouchers.id,
      title: vouchers.title,
      value: vouchers.value,
      validUntil: vouchers.validUntil,
      generation: pocketLinks.generation,
    })
    .from(vouchers)
    .leftJoin(pocketLinks, and(eq(pocketLinks.kind, 'VOUCHER'), eq(pocketLinks.recordId, vouchers.id)))
    .where(
      and(
        eq(vouchers.companyId, companyId),
        eq(vouchers.memberMobile, mobile),
        eq(vouchers.state, 'AVAILABLE'),
        ...(except === null ? [] : [ne(vouchers.id, except)]),
      ),
    )
    .orderBy(asc(vouchers.validUntil), asc(vouchers.id))
    .limit(POCKET_VOUCHERS_SHOWN);
  return rows.map((r) => ({
    title: String(r.title),
    value: moneyString(Number(r.value)),
    validUntil: String(r.validUntil),
    url: urlOf(keys, 'VOUCHER', r.id, r.generation),
  }));
};

const generationOf = async (db: DbOrTx, kind: PocketKind, id: number): Promise<number | null> => {
  const [row] = await db
    .select({ generation: pocketLinks.generation })
    .from(pocketLinks)
    .where(and(eq(pocketLinks.kind, kind), eq(pocketLinks.recordId, id)));
  return row?.generation ?? null;
};

/**
 * What every web card shows of the member and the merchant: the code, the masked mobile, the brand and
 * its stores, the member's AVAILABLE vouchers of the company (but `exceptVoucher`), the currency.
 */
const commonOf = async (
  db: DbOrTx,
  keys: LinkKeys,
  row: Record<string, unknown>,
  exceptVoucher: number | null,
): Promise<PocketCommon> => {
  const mobile = (row.memberMobile as string | null) ?? '';
  const companyId = Number(row.companyId);
  const brandId = Number(row.brandId);
  const [brandView, stores, held, terms] = await Promise.all([
    brandOf(db, brandId),
    storesOf(db, brandId),
    mobile ? vouchersOf(db, keys, companyId, mobile, exceptVoucher) : Promise.resolve([]),
    countryTermsOf(db, companyId),
  ]);
  return {
    code: String(row.code),
    memberMobile: mobile ? maskMobile(mobile) : '',
    brand: brandView,
    stores,
    vouchers: held,
    currency: terms.currency,
  };
};

/**
 * The referral link a member card carries while its company runs a REFERRAL campaign and its programme
 * is ACTIVE: the programme's join page at the card's store (else the brand's first ACTIVE store), with
 * the card's referral code. Null otherwise.
 */
const referralOf = async (
  db: DbOrTx,
  keys: LinkKeys,
  card: { id: number; companyId: number; brandId: number; storeId: number | null; programmeId: number },
  programmeState: unknown,
  now: Date,
): Promise<PocketReferral | null> => {
  if (programmeState !== 'ACTIVE') return null;
  const running = await runningReferral(db, card.companyId, now);
  if (!running) return null;
  const [at] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.brandId, card.brandId), eq(store.state, 'ACTIVE')))
    .orderBy(sql`${store.id} = ${card.storeId ?? 0} desc`, asc(store.id))
    .limit(1);
  if (!at) return null;
  const code = referralToken(keys, card.id);
  return {
    url: `${keys.publicUrl}${POCKET_PAGES.JOIN}${at.id}/${card.programmeId}?${REFERRAL_PARAM}=${code}`,
    campaign: running.name,
    description: running.description,
    reward: running.reward,
  };
};

/** The web card of member card `id` (its link `token` already resolved to it). */
export const publicCardView = async (
  db: DbOrTx,
  keys: LinkKeys,
  id: number,
  token: string,
): Promise<PublicCardView | null> => {
  const [row] = await db
    .select({ card: memberCards, programme: stampCard })
    .from(memberCards)
    .innerJoin(stampCard, eq(stampCard.id, memberCards.stampCardId))
    .where(eq(memberCards.id, id));
  if (!row) return null;
  const { card, programme } = row;
  // the card's own terms (issue 40 item 2): what it was issued with, whatever the programme says now
  const rewardPackId = card.rewardVoucherPackId as number | null;
  const [reward] = rewardPackId
    ? await db
        .select({ title: voucherPacks.title, value: voucherPacks.voucherValue })
        .from(voucherPacks)
        .where(eq(voucherPacks.id, rewardPackId))
    : [];
  const rewardVoucherId = card.rewardVoucherId as number | null;
  const now = new Date();
  const programmeId = Number(programme.id);
  const held = {
    id,
    companyId: Number(card.companyId),
    brandId: Number(card.brandId),
    storeId: (card.storeId as number | null) ?? null,
    programmeId,
  };
  const [common, rewardGeneration, promotions, referral] = await Promise.all([
    commonOf(db, keys, card, null),
    rewardVoucherId ? generationOf(db, 'VOUCHER', rewardVoucherId) : Promise.resolve(null),
    runningPromotions(db, programmeId, now),
    referralOf(db, keys, held, programme.state, now),
  ]);
  const view: Omit<PublicCardView, 'wallet'> = {
    kind: 'CARD',
    ...common,
    state: STAMP_CARD_STATES[Number(card.state)] ?? 'AVAILABLE',
    stamps: Number(card.stamps),
    stampsRequired: Number(card.stampsRequired),
    programme: {
      title: String(programme.title),
      description: (programme.description as string | null) ?? null,
      image: (programme.image as string | null) ?? null,
      endDate: String(programme.endDate),
    },
    reward: reward ? { title: String(reward.title), value: moneyString(Number(reward.value)) } : null,
    rewardVoucherUrl: rewardVoucherId ? urlOf(keys, 'VOUCHER', rewardVoucherId, rewardGeneration) : null,
    promotions,
    referral,
  };
  // the wallet buttons carry the card itself (Google's save link signs its content)
  return { ...view, wallet: await walletOffers(db, keys, { cardId: id, programmeId, token, view }) };
};

/** The web card of voucher `id` (its link already resolved to it). */
export const publicVoucherView = async (
  db: DbOrTx,
  keys: LinkKeys,
  id: number,
): Promise<PublicVoucherView | null> => {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, id));
  if (!voucher) return null;
  const packId = voucher.voucherPackId as number | null;
  const [pack] = packId
    ? await db
        .select({ description: voucherPacks.description, image: voucherPacks.image })
        .from(voucherPacks)
        .where(eq(voucherPacks.id, packId))
    : [];
  return {
    kind: 'VOUCHER',
    ...(await commonOf(db, keys, voucher, id)),
    state: voucher.state as PublicVoucherView['state'],
    title: String(voucher.title),
    description: (pack?.description as string | null | undefined) ?? null,
    image: (pack?.image as string | null | undefined) ?? null,
    value: moneyString(Number(voucher.value)),
    validFrom: String(voucher.validFrom),
    validUntil: String(voucher.validUntil),
  };
};

/** A card's or voucher's member, company and brand name, as the message names them: built once each. */
const recipient = (name: string, table: typeof memberCards | typeof vouchers) =>
  prepared(name, (db) =>
    db
      .select({ mobile: table.memberMobile, companyId: table.companyId, brandName: brand.name })
      .from(table)
      .innerJoin(brand, eq(brand.id, table.brandId))
      .where(eq(table.id, sql.placeholder('id'))),
  );
const recipientOf: Record<PocketKind, ReturnType<typeof recipient>> = {
  CARD: recipient('pocket_recipient_card', memberCards),
  VOUCHER: recipient('pocket_recipient_voucher', vouchers),
};

/**
 * Queues the message that hands a member their card's or voucher's web card (on issue, or when staff
 * send it again): the brand, what it is, and the link.
 */
export const sendLink = async (
  tx: DbOrTx,
  keys: LinkKeys,
  kind: PocketKind,
  id: number,
  count = 1,
): Promise<PocketLinkSent> => {
  // the row and its link read together: neither needs the other
  const [[row], link] = await Promise.all([recipientOf[kind](tx, { id }), linkFor(tx, keys, kind, id)]);
  if (!row?.mobile) throw new Error(`sendLink: no ${kind} ${id} with a member`);
  const what =
    kind === 'CARD'
      ? 'your stamp card is ready'
      : count > 1
        ? `${count} vouchers are yours`
        : 'a voucher is yours';
  const queued = await queueMessage(tx, {
    companyId: Number(row.companyId),
    memberMobile: String(row.mobile),
    kind: kind === 'CARD' ? 'CARD_LINK' : 'VOUCHER_LINK',
    body: `${String(row.brandName)}: ${what}. Show it at the counter: ${link.url}`,
    url: link.url,
  });
  return { messageId: queued.id, channel: queued.channel };
};
