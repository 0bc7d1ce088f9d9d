// Joining a programme from a store's poster (issue 26 item 4, docs/api.md "Joining from a poster"): the
// public sign-up page's three calls. What the poster's programme is (`joinView`), a one-time code sent
// to the member's number through the SMS outbox (`startJoin`), and the code spent for the member card
// (`confirmJoin`), issued by the same operation staff use (issue-card.ts issueMemberCard) for a caller
// that acts for the poster's store only. The rate limits are the routes' (server/domains/join/join.routes.ts).
import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { parseBirthday } from '../../../contract/campaigns';
import { DEFAULT_COUNTRY } from '../../../contract/constants';
import type { FieldViolation } from '../../../contract/envelope';
import type { ErrorName } from '../../../contract/errors';
import { maskMobile } from '../../../contract/members';
import {
  JOIN_OTP,
  type JoinConfirmAnswer,
  type JoinConfirmBody,
  type JoinProgrammeView,
  type JoinStartAnswer,
  type PocketLink,
} from '../../../contract/pocket';
import { PHONE_PATTERN, validationKey, validationText } from '../../../contract/validation';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { companyDay } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { prepared } from '../../platform/db/prepared';
import {
  brand,
  company,
  joinCodes,
  memberCards,
  members,
  stampCard,
  store,
  voucherPacks,
} from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/errors';
import { currenciesOf } from '../../resources/currency';
import type { Caller } from '../../resources/principal';
import { assertOrgOpen } from '../access/closure';
import { recordReferral } from '../campaigns/referrals';
import { queueMessage } from '../members/messages';
import { runningReferral } from '../pocket/card-campaigns';
import { type LinkKeys, linkFor, readReferralToken } from '../pocket/links';
import { sendLink } from '../pocket/pocket';
import { issueMemberCard } from '../stamping/issue-card';
import { CARD_STATE } from '../stamping/stamping';
import { ensureMember } from '../vouchers/vouchers';

/** A birthday given at a join: kept on the member unless they gave one before (a member's own, across companies). */
const keepBirthday = async (tx: DbOrTx, mobile: string, birthday: string): Promise<void> => {
  await ensureMember(tx, mobile);
  await tx
    .update(members)
    .set({ birthday })
    .where(and(eq(members.mobile, mobile), isNull(members.birthday)));
};

/** What the join calls need besides the database. */
export interface JoinDeps {
  /** the HMAC key of the codes is derived from the JWT secret */
  config: Pick<Config, 'jwtSecret'>;
  /** the member card's web card link */
  keys: LinkKeys;
}

/** The one refusal of a poster whose programme cannot take members now, whatever the reason. */
export const NOT_OPEN_MESSAGE = 'This programme is not open for sign-up';

const notOpen = (): AppError =>
  new AppError('NOT_FOUND', [{ field: 'programmeId', message: NOT_OPEN_MESSAGE }] satisfies FieldViolation[]);

/** The refusals of issuing a card that mean the poster's programme cannot take members now. */
const NOT_OPEN_REFUSALS: ReadonlySet<ErrorName> = new Set<ErrorName>([
  'NOT_FOUND',
  'STATE_TRANSITION_NOT_ALLOWED',
  'STORE_NOT_FOUND_FOR_TXN',
  'STAMP_CARD_SOLD_OUT',
  'WALLET_INSUFFICIENT_BALANCE',
]);

// ---- the poster's programme -----------------------------------------------------------------------

interface OpenProgramme {
  storeId: number;
  companyId: number;
  brandId: number;
  /** lower case, e.g. sg */
  country: string;
  view: JoinProgrammeView;
}

/** "+65" for sg; the default country's for a country libphonenumber does not know. */
const callingCodeOf = (country: string): string => {
  const upper = country.toUpperCase();
  const code = isSupportedCountry(upper) ? upper : (DEFAULT_COUNTRY.toUpperCase() as CountryCode);
  return `+${getCountryCallingCode(code)}`;
};

/** An amount as the contract's exact decimal string. */
const decimal = (value: number): string => value.toFixed(2);

/** A store's poster's programme with its store, brand, company and reward: built once. */
const programmeOfPoster = prepared('join_programme_of_poster', (db) =>
  db
    .select({
      storeState: store.state,
      storeName: store.name,
      storeAddress: store.address,
      brandId: store.brandId,
      companyId: store.companyId,
      brandState: brand.state,
      brandName: brand.name,
      logo: brand.logo,
      website: brand.website,
      companyState: company.state,
      country: company.country,
      programme: {
        brandId: stampCard.brandId,
        state: stampCard.state,
        title: stampCard.title,
        description: stampCard.description,
        image: stampCard.image,
        stampsRequired: stampCard.stampsRequired,
        startDate: stampCard.startDate,
        endDate: stampCard.endDate,
        quantity: stampCard.quantity,
        issuedCount: stampCard.issuedCount,
      },
      rewardTitle: voucherPacks.title,
      rewardValue: voucherPacks.voucherValue,
    })
    .from(store)
    .innerJoin(brand, eq(brand.id, store.brandId))
    .innerJoin(company, eq(company.id, store.companyId))
    .innerJoin(
      stampCard,
      and(eq(stampCard.id, sql.placeholder('programmeId')), eq(stampCard.brandId, store.brandId)),
    )
    .leftJoin(voucherPacks, eq(voucherPacks.id, stampCard.rewardVoucherPackId))
    .where(eq(store.id, sql.placeholder('storeId'))),
);

/**
 * The programme `programmeId` as the poster of store `storeId` offers it: an ACTIVE store of an ACTIVE
 * brand and company, the programme ACTIVE, of the store's brand, inside its dates (the company's
 * day) and not sold out. Anything else: 5 with NOT_OPEN_MESSAGE (which one is not said).
 */
const openProgramme = async (
  db: DbOrTx,
  storeId: number,
  programmeId: number,
  now: Date,
): Promise<OpenProgramme> => {
  const [row] = await programmeOfPoster(db, { storeId, programmeId });
  if (!row) throw notOpen();
  const p = row.programme as {
    state: unknown;
    title: string;
    description: string | null;
    image: string | null;
    stampsRequired: number;
    startDate: string;
    endDate: string;
    quantity: number | null;
    issuedCount: number;
  };
  const companyId = row.companyId as number;
  // a closed company, brand or store says so (26433 / 26434 / 26435); anything else not open: 5
  assertOrgOpen({ company: row.companyState, brand: row.brandState, store: row.storeState });
  if (
    row.storeState !== 'ACTIVE' ||
    row.brandState !== 'ACTIVE' ||
    row.companyState !== 'ACTIVE' ||
    p.state !== 'ACTIVE' ||
    (p.quantity !== null && p.issuedCount >= p.quantity)
  )
    throw notOpen();
  // the company's day and its currency: neither needs the other
  const [day, currencies] = await Promise.all([
    companyDay(db, companyId, now),
    currenciesOf(db, [companyId]),
  ]);
  if (day < p.startDate || day > p.endDate) throw notOpen();
  const country = ((row.country as string | null) ?? DEFAULT_COUNTRY).toLowerCase();
  const currency = currencies.get(companyId) ?? 'SGD';
  return {
    storeId,
    companyId,
    brandId: row.brandId as number,
    country,
    view: {
      programme: {
        title: p.title,
        description: p.description,
        image: p.image,
        stampsRequired: p.stampsRequired,
      },
      reward:
        typeof row.rewardTitle === 'string' && typeof row.rewardValue === 'number'
          ? { title: row.rewardTitle, value: decimal(row.rewardValue) }
          : null,
      brand: {
        name: row.brandName as string,
        logo: (row.logo as string | null) ?? null,
        website: (row.website as string | null) ?? null,
      },
      store: { name: row.storeName as string, address: row.storeAddress as string },
      currency,
      callingCode: callingCodeOf(country),
      referral: null,
    },
  };
};

/** The referrer's card a `ref` names when it is well signed and of company `companyId`, else null. */
const referrerCard = async (
  db: DbOrTx,
  keys: LinkKeys,
  companyId: number,
  ref: string | undefined,
): Promise<number | null> => {
  const cardId = readReferralToken(keys, ref);
  if (cardId === null) return null;
  const [card] = await db
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(and(eq(memberCards.id, cardId), eq(memberCards.companyId, companyId)));
  return card ? cardId : null;
};

/**
 * GET /public/join/{storeId}/{programmeId}[?ref=]: what the sign-up page shows, or 5 (not open); with a
 * good referral code of the company while a REFERRAL campaign runs, what the friend will get.
 */
export const joinView = async (
  db: DbOrTx,
  keys: LinkKeys,
  { storeId, programmeId, ref }: { storeId: number; programmeId: number; ref?: string | undefined },
  now = new Date(),
): Promise<JoinProgrammeView> => {
  const open = await openProgramme(db, storeId, programmeId, now);
  if ((await referrerCard(db, keys, open.companyId, ref)) === null) return open.view;
  const running = await runningReferral(db, open.companyId, now);
  return running ? { ...open.view, referral: { campaign: running.name, reward: running.reward } } : open.view;
};

// ---- the number -----------------------------------------------------------------------------------

const E164 = new RegExp(PHONE_PATTERN);

const badMobile = (): AppError =>
  new AppError('PARAMETER_VALIDATION_FAILED', [
    { field: 'mobile', message: validationText('phone'), key: validationKey('phone') },
  ] satisfies FieldViolation[]);

/**
 * `raw` as E.164: an international number as every phone field takes it (PHONE_PATTERN, spaces,
 * dashes, dots and brackets dropped), or a national one of `country` (the store's company's),
 * read by libphonenumber ("8899 1234" at a Singapore store: +6588991234). Either must be a number
 * libphonenumber knows to be valid: a join sends a text message, and `+999…` (no country) or a
 * number too short for its country would only spend one (issue 41). Else 2 naming `mobile`.
 */
export const normaliseMobile = (raw: string, country: string): string => {
  const compact = raw.replace(/[\s().-]/g, '');
  if (E164.test(compact)) {
    if (!parsePhoneNumberFromString(compact)?.isValid()) throw badMobile();
    return compact;
  }
  if (compact.startsWith('+') || !/^[0-9]+$/.test(compact)) throw badMobile();
  const upper = country.toUpperCase();
  const parsed = isSupportedCountry(upper) ? parsePhoneNumberFromString(compact, upper) : undefined;
  if (!parsed?.isValid() || !E164.test(parsed.number)) throw badMobile();
  return parsed.number;
};

// ---- the code -------------------------------------------------------------------------------------

/** JOIN_OTP.length digits from the operating system's random source. */
const newCode = (): string => String(randomInt(0, 10 ** JOIN_OTP.length)).padStart(JOIN_OTP.length, '0');

/** The code as kept: an HMAC keyed from the JWT secret, bound to the number it was sent to. */
const codeHash = (config: Pick<Config, 'jwtSecret'>, mobile: string, code: string): string => {
  const key = Buffer.from(hkdfSync('sha256', config.jwtSecret, Buffer.alloc(0), 'join-code', 32));
  return createHmac('sha256', key).update(`${mobile}|${code}`).digest('hex');
};

const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The SMS a member is sent (English: the page does not know the member's language when it asks). */
export const joinCodeText = (code: string, programme: string, brandName: string): string =>
  `${code} is your code to join ${programme} at ${brandName}. It works for ${Math.round(JOIN_OTP.ttlSeconds / 60)} minutes. If you did not ask for it, ignore this message.`;

/**
 * POST /public/join/{storeId}/{programmeId} {mobile}: a new code for the number (replacing any code it
 * had, whatever programme it was for), queued to it through the SMS outbox in the same transaction.
 * `countCode` is called once the programme is open and the number good, before anything is written
 * (the per-number throttle: it throws 429).
 */
export const startJoin = async (
  db: Db,
  deps: JoinDeps,
  { storeId, programmeId, mobile: raw }: { storeId: number; programmeId: number; mobile: string },
  countCode: (mobile: string) => Promise<void>,
  now = new Date(),
): Promise<JoinStartAnswer> => {
  const open = await openProgramme(db, storeId, programmeId, now);
  const mobile = normaliseMobile(raw, open.country);
  await countCode(mobile);
  const code = newCode();
  const row = {
    mobile,
    companyId: open.companyId,
    storeId,
    programmeId,
    codeHash: codeHash(deps.config, mobile, code),
    tries: 0,
    expiresAt: new Date(now.getTime() + JOIN_OTP.ttlSeconds * 1000),
    createTime: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(joinCodes)
      .values(row)
      .onConflictDoUpdate({
        target: joinCodes.mobile,
        set: {
          companyId: row.companyId,
          storeId: row.storeId,
          programmeId: row.programmeId,
          codeHash: row.codeHash,
          tries: 0,
          expiresAt: row.expiresAt,
          createTime: row.createTime,
        },
      });
    await queueMessage(tx, {
      companyId: open.companyId,
      memberMobile: mobile,
      kind: 'JOIN_CODE',
      body: joinCodeText(code, open.view.programme.title, open.view.brand.name),
    });
  });
  return { mobile: maskMobile(mobile), expiresInSeconds: JOIN_OTP.ttlSeconds };
};

// ---- confirming -----------------------------------------------------------------------------------

/**
 * The caller a poster's join acts as: a merchant of the store's company limited to that store, with
 * no permission at all (the access gate refuses it everything; it never reaches a route), so the
 * operation's own checks (the programme in its scope, an ACTIVE store of its brand, the caller's
 * store) hold for it as for staff. Its audit entries name it (`id` 0, JOIN_ACTOR_EMAIL): no person did it.
 */
export const JOIN_ACTOR_EMAIL = 'join-poster@system';

const posterCaller = (at: { companyId: number; brandId: number; storeId: number }): Caller => ({
  id: 0,
  email: JOIN_ACTOR_EMAIL,
  type: 'MERCHANT',
  role: 'merchant',
  companyId: at.companyId,
  brandId: at.brandId,
  storeId: at.storeId,
  subject: { type: 'MERCHANT', permissions: [] },
});

type Outcome =
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'dead' }
  | { kind: 'held'; link: PocketLink }
  | { kind: 'issued'; link: PocketLink };

const wrongCode = (triesLeft: number): AppError =>
  new AppError('INCORRECT_OTP', [
    {
      field: 'code',
      message:
        triesLeft > 0
          ? `The code is wrong: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`
          : 'The code is wrong and can no longer be used: ask for a new one',
      params: { triesLeft },
    },
  ] satisfies FieldViolation[]);

const deadCode = (): AppError =>
  new AppError('INCORRECT_OTP', [
    {
      field: 'code',
      message: 'This code has expired or was already used: ask for a new one',
      params: { triesLeft: 0 },
    },
  ] satisfies FieldViolation[]);

/** The member's AVAILABLE card of the programme, if any: built once, as every confirm asks it. */
const heldCardRow = prepared('join_held_card', (db) =>
  db
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(
      and(
        eq(memberCards.stampCardId, sql.placeholder('programmeId')),
        eq(memberCards.memberMobile, sql.placeholder('mobile')),
        eq(memberCards.state, CARD_STATE.AVAILABLE),
      ),
    )
    .limit(1),
);

const heldCard = async (tx: DbOrTx, programmeId: number, mobile: string): Promise<number | undefined> => {
  const [held] = await heldCardRow(tx, { programmeId, mobile });
  return held?.id as number | undefined;
};

/** A number's code, locked (racing confirms queue on it), and its spending: built once. */
const lockCode = prepared('join_code_lock', (db) =>
  db
    .select()
    .from(joinCodes)
    .where(eq(joinCodes.mobile, sql.placeholder('mobile')))
    .for('update'),
);
const spendCode = prepared('join_code_spend', (db) =>
  db.delete(joinCodes).where(eq(joinCodes.id, sql.placeholder('id'))),
);
/** The poster's store's brand: built once. */
const brandOfStore = prepared('join_store_brand', (db) =>
  db
    .select({ brandId: store.brandId })
    .from(store)
    .where(eq(store.id, sql.placeholder('storeId'))),
);

/**
 * POST /public/join/confirm {mobile, code}. In one transaction, on the number's code row (locked, so
 * racing confirms queue on it and the second finds it spent): a wrong code counts a try (6201 with the
 * tries left; the try is kept); an expired, used-up or spent code 6201 asking for a new one; the right
 * code is spent and the member card issued by issueMemberCard for the poster's store (the merchant's
 * wallet pays the programme's price, as for any issue; anything in the way answers 5 "not open" and
 * leaves the code as it was). A member who already holds an AVAILABLE card of the programme gets it
 * back: 6203 with that card's link in `data` (they proved the number). Answers the card's web card link.
 */
export const confirmJoin = async (
  db: Db,
  deps: JoinDeps,
  { mobile, code, birthday, ref }: JoinConfirmBody,
  now = new Date(),
): Promise<JoinConfirmAnswer> => {
  const given = birthday === undefined ? null : parseBirthday(birthday, now.toISOString().slice(0, 10));
  if (given && 'error' in given) throw validationError('birthday', given.error);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await lockCode(tx, { mobile });
    if (!row || row.expiresAt.getTime() <= now.getTime() || row.tries >= JOIN_OTP.maxTries)
      return { kind: 'dead' };
    if (!sameHash(row.codeHash, codeHash(deps.config, mobile, code))) {
      await tx
        .update(joinCodes)
        .set({ tries: sql`${joinCodes.tries} + 1` })
        .where(eq(joinCodes.id, row.id));
      return { kind: 'wrong', triesLeft: Math.max(0, JOIN_OTP.maxTries - row.tries - 1) };
    }
    await spendCode(tx, { id: row.id });
    if (given) await keepBirthday(tx, mobile, given.birthday);
    const held = await heldCard(tx, row.programmeId, mobile);
    if (held !== undefined) return { kind: 'held', link: await linkFor(tx, deps.keys, 'CARD', held) };
    const [where] = await brandOfStore(tx, { storeId: row.storeId });
    if (!where) throw notOpen();
    try {
      const card = await issueMemberCard(
        tx,
        posterCaller({ companyId: row.companyId, brandId: where.brandId as number, storeId: row.storeId }),
        row.programmeId,
        { memberMobile: mobile, storeId: row.storeId },
        now,
      );
      // the member is also sent the link, as after an issue at the counter
      await sendLink(tx, deps.keys, 'CARD', card.id);
      // came by a member's referral link: recorded when the campaign and the rules allow (else nothing)
      // (recordReferral checks the code's card is of the company)
      const referrer = readReferralToken(deps.keys, ref);
      if (referrer !== null)
        await recordReferral(
          tx,
          { companyId: row.companyId, referrerCardId: referrer, friendMobile: mobile, friendCardId: card.id },
          now,
        );
      return { kind: 'issued', link: await linkFor(tx, deps.keys, 'CARD', card.id) };
    } catch (err) {
      if (err instanceof AppError && NOT_OPEN_REFUSALS.has(err.errorName)) throw notOpen();
      // staff issued the member a card of it at the counter meanwhile (the operation refused, nothing written)
      if (err instanceof AppError && err.errorName === 'UNCOMPLETED_CARD_EXISTS') {
        const issued = await heldCard(tx, row.programmeId, mobile);
        if (issued !== undefined) return { kind: 'held', link: await linkFor(tx, deps.keys, 'CARD', issued) };
      }
      throw err;
    }
  });
  switch (outcome.kind) {
    case 'wrong':
      throw wrongCode(outcome.triesLeft);
    case 'dead':
      throw deadCode();
    case 'held':
      throw new AppError('DUPLICATE_CELL_PHONE', outcome.link);
    default:
      return outcome.link;
  }
};
