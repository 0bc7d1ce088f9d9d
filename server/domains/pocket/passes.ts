// Wallet passes of a member card (issue 26, docs/api.md "Wallet passes", docs/decisions.md "Wallet
// passes"): the Apple Wallet pass (a signed .pkpass built with passkit-generator), what Apple's PassKit
// web service needs (per-pass authentication tokens stored hashed, the time a pass last changed,
// device registrations), the update notices a card's change records in its own transaction, and the
// "Save to Google Wallet" link (a JWT signed RS256 with the service account's key). The web card
// offers both through `walletOffers`, only when an operator configured them.

import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { PKPass } from 'passkit-generator';
import { fileKeyOf } from '../../../contract/files';
import { BASE_PATHS } from '../../../contract/http';
import { POCKET_PAGES, PUBLIC_PATHS, type PublicCardView } from '../../../contract/pocket';
import { GOOGLE_SAVE_URL, PASSKIT_SERVICE_PATH } from '../../../contract/wallet-passes';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { walletPasses, walletPassRegistrations, walletPassTokens } from '../../platform/db/schema';
import { guardedGet } from '../../platform/egress';
import type { FileStore } from '../../platform/files';
import type { LinkKeys } from './links';
import { defaultIconOf, isPng, PASS_RGB } from './pass-icon';
import { type AppleSettings, type GoogleSettings, loadWalletSettings, walletSecrets } from './pass-settings';

/** Where Wallet reaches the PassKit web service: PUBLIC_URL + /portal-main-service/api/v1/passkit. */
export const webServiceUrl = (config: Pick<Config, 'publicUrl'>): string =>
  `${config.publicUrl}${BASE_PATHS.main}${PASSKIT_SERVICE_PATH}`;

/** A pass's serial number is its card's id; anything else names no pass. */
export const serialOf = (cardId: number): string => String(cardId);
export const cardIdOfSerial = (serial: string): number | null =>
  /^[1-9][0-9]{0,9}$/.test(serial) && Number(serial) <= 2_147_483_647 ? Number(serial) : null;

// ---- authentication tokens ------------------------------------------------------------------------

/**
 * Tokens kept per card that no Wallet holds yet: each download of the pass adds one; the oldest beyond
 * these stop working. A token a device registered with (its pass is in a Wallet) is never evicted, so
 * downloading the pass again and again never breaks the member's own Wallet (issue 41).
 */
export const TOKENS_PER_CARD = 10;

const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new authentication token for the card's pass (random, 32 characters; stored as its SHA-256),
 * and the card's wallet_passes row when it has none. Of the tokens no Wallet holds, only the newest
 * TOKENS_PER_CARD stay.
 */
export const issuePassToken = async (tx: DbOrTx, cardId: number, now = new Date()): Promise<string> => {
  const token = randomBytes(24).toString('base64url');
  await tx
    .insert(walletPasses)
    .values({ memberCardId: cardId, updatedAt: now, createTime: now })
    .onConflictDoNothing({ target: walletPasses.memberCardId });
  await tx
    .insert(walletPassTokens)
    .values({ memberCardId: cardId, tokenHash: hashToken(token), createTime: now });
  await tx.execute(sql`
    delete from ${walletPassTokens}
    where ${walletPassTokens.memberCardId} = ${cardId}
      and ${walletPassTokens.inWalletAt} is null
      and ${walletPassTokens.id} not in (
        select ${walletPassTokens.id} from ${walletPassTokens}
        where ${walletPassTokens.memberCardId} = ${cardId} and ${walletPassTokens.inWalletAt} is null
        order by ${walletPassTokens.id} desc limit ${TOKENS_PER_CARD})`);
  return token;
};

/** A device registered with `token`: the card's pass is in a Wallet, and that token stays. */
export const keepTokenInWallet = async (db: DbOrTx, cardId: number, token: string, now = new Date()) => {
  await db
    .update(walletPassTokens)
    .set({ inWalletAt: now })
    .where(
      and(
        eq(walletPassTokens.memberCardId, cardId),
        eq(walletPassTokens.tokenHash, hashToken(token)),
        isNull(walletPassTokens.inWalletAt),
      ),
    );
};

/**
 * A card's web card link was revoked (issue 41 F8): every Wallet pass handed out so far stops with it.
 * Its authentication tokens go (the PassKit web service then answers 401 to those passes, so their
 * next update, which would carry the new link, never comes) and so do its device registrations (no
 * more update pushes). A pass downloaded afterwards, through the new link, gets a token of its own.
 */
export const endPassesOf = async (tx: DbOrTx, cardId: number): Promise<void> => {
  await tx.delete(walletPassTokens).where(eq(walletPassTokens.memberCardId, cardId));
  await tx.delete(walletPassRegistrations).where(eq(walletPassRegistrations.memberCardId, cardId));
};

/** The token from `Authorization: ApplePass <token>`, or null. */
export const applePassToken = (header: string | undefined): string | null => {
  const m = /^ApplePass ([A-Za-z0-9_-]{16,200})$/.exec(header ?? '');
  return m?.[1] ?? null;
};

/** Does `token` authenticate the pass of `cardId`? */
export const tokenOpensPass = async (db: DbOrTx, cardId: number, token: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: walletPassTokens.id })
    .from(walletPassTokens)
    .where(and(eq(walletPassTokens.memberCardId, cardId), eq(walletPassTokens.tokenHash, hashToken(token))))
    .limit(1);
  return row !== undefined;
};

/** When the card's pass last changed (null: no pass was ever handed out). */
export const passUpdatedAt = async (db: DbOrTx, cardId: number): Promise<Date | null> => {
  const [row] = await db
    .select({ at: walletPasses.updatedAt })
    .from(walletPasses)
    .where(eq(walletPasses.memberCardId, cardId));
  return row?.at ?? null;
};

// ---- registrations (Apple's web service) -----------------------------------------------------------

/** Registers a device for a pass's updates: 'created', or 'exists' (its push token refreshed). */
export const registerDevice = async (
  db: DbOrTx,
  reg: { deviceLibraryId: string; passTypeId: string; cardId: number; pushToken: string },
  now = new Date(),
): Promise<'created' | 'exists'> => {
  const [row] = await db
    .insert(walletPassRegistrations)
    .values({
      deviceLibraryId: reg.deviceLibraryId,
      passTypeId: reg.passTypeId,
      memberCardId: reg.cardId,
      pushToken: reg.pushToken,
      createTime: now,
      updateTime: now,
    })
    .onConflictDoUpdate({
      target: [
        walletPassRegistrations.deviceLibraryId,
        walletPassRegistrations.passTypeId,
        walletPassRegistrations.memberCardId,
      ],
      set: { pushToken: reg.pushToken, updateTime: now },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return row?.created ? 'created' : 'exists';
};

/** Removes a device's registration for a pass; answers whether there was one. */
export const unregisterDevice = async (
  db: DbOrTx,
  reg: { deviceLibraryId: string; passTypeId: string; cardId: number },
): Promise<boolean> => {
  const gone = await db
    .delete(walletPassRegistrations)
    .where(
      and(
        eq(walletPassRegistrations.deviceLibraryId, reg.deviceLibraryId),
        eq(walletPassRegistrations.passTypeId, reg.passTypeId),
        eq(walletPassRegistrations.memberCardId, reg.cardId),
      ),
    )
    .returning({ id: walletPassRegistrations.id });
  return gone.length > 0;
};

/**
 * The serial numbers of the device's passes of `passTypeId` changed after `since` (ms since the epoch;
 * null: all), and the tag to ask with next time (the latest change, ms). Null when the device has none.
 */
export const passesUpdatedSince = async (
  db: DbOrTx,
  deviceLibraryId: string,
  passTypeId: string,
  since: number | null,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> => {
  const rows = await db
    .select({ cardId: walletPasses.memberCardId, at: walletPasses.updatedAt })
    .from(walletPassRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.memberCardId, walletPassRegistrations.memberCardId))
    .where(
      and(
        eq(walletPassRegistrations.deviceLibraryId, deviceLibraryId),
        eq(walletPassRegistrations.passTypeId, passTypeId),
        since === null ? undefined : gt(walletPasses.updatedAt, new Date(since)),
      ),
    );
  if (rows.length === 0) return null;
  const latest = Math.max(...rows.map((r) => r.at.getTime()));
  return { serialNumbers: rows.map((r) => serialOf(r.cardId)), lastUpdated: String(latest) };
};

// ---- the Apple Wallet pass ------------------------------------------------------------------------

const STATE_LABEL: Record<PublicCardView['state'], string> = {
  AVAILABLE: 'Collecting',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
};

const rgb = (c: readonly number[]) => `rgb(${c.join(', ')})`;

/** What the pass shows, beside the card's public view. */
export interface PassInput {
  cardId: number;
  view: PublicCardView;
  /** the web card's address, on the pass's back */
  webCardUrl: string;
  authenticationToken: string;
  webServiceURL: string;
  /** the brand's logo as PNG, when it has one that loads; else the default icon */
  logo: Buffer | null;
}

/** pass.json of a member card's store card pass. */
export const passJson = (apple: AppleSettings, input: PassInput): Record<string, unknown> => {
  const { view } = input;
  const stamps = `${view.stamps} / ${view.stampsRequired}`;
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeIdentifier,
    teamIdentifier: apple.teamIdentifier,
    serialNumber: serialOf(input.cardId),
    organizationName: view.brand.name,
    description: `${view.programme.title}: ${view.brand.name} stamp card`,
    logoText: view.brand.name,
    backgroundColor: rgb(PASS_RGB),
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(214, 230, 250)',
    webServiceURL: input.webServiceURL,
    authenticationToken: input.authenticationToken,
    ...(view.state === 'EXPIRED' ? { voided: true } : {}),
    storeCard: {
      headerFields: [{ key: 'state', label: 'Card', value: STATE_LABEL[view.state] }],
      primaryFields: [{ key: 'stamps', label: 'Stamps', value: stamps, changeMessage: 'Stamps: %@' }],
      secondaryFields: [
        { key: 'programme', label: 'Programme', value: view.programme.title },
        ...(view.reward
          ? [
              {
                key: 'reward',
                label: 'Reward',
                value: `${view.reward.title} (${view.currency} ${view.reward.value})`,
              },
            ]
          : []),
      ],
      auxiliaryFields: [{ key: 'validUntil', label: 'Valid until', value: view.programme.endDate }],
      backFields: [
        ...(view.programme.description
          ? [{ key: 'description', label: 'About', value: view.programme.description }]
          : []),
        { key: 'code', label: 'Card code', value: view.code },
        { key: 'webCard', label: 'Your card online', value: input.webCardUrl },
        ...view.stores.map((s, n) => ({ key: `store${n}`, label: s.name, value: s.address })),
      ].slice(0, 20),
    },
    barcodes: [
      { format: 'PKBarcodeFormatQR', message: view.code, messageEncoding: 'iso-8859-1', altText: view.code },
    ],
  };
};

/** The signed .pkpass of a member card. Throws when the certificates cannot sign. */
export const buildApplePass = (apple: AppleSettings, input: PassInput): Buffer => {
  const logo = input.logo;
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson(apple, input))),
      'icon.png': defaultIconOf(29),
      'icon@2x.png': defaultIconOf(58),
      'icon@3x.png': defaultIconOf(87),
      'logo.png': logo ?? defaultIconOf(50),
      'logo@2x.png': logo ?? defaultIconOf(100),
    },
    {
      wwdr: apple.wwdrPem,
      signerCert: apple.signerCertPem,
      signerKey: apple.signerKeyPem,
      ...(apple.signerKeyPassphrase === undefined ? {} : { signerKeyPassphrase: apple.signerKeyPassphrase }),
    },
  );
  return pass.getAsBuffer();
};

/** Largest logo taken from a brand's address. */
const LOGO_MAX_BYTES = 512 * 1024;

/**
 * The brand's logo as PNG bytes: a file of the file store, a data: URL (a row from before the store),
 * or an http(s) address fetched with a 3 s limit; null (the default icon) when there is none, it does
 * not load, or it is not a PNG (Wallet shows PNG only).
 */
export const loadLogo = async (logo: string | null, files?: FileStore): Promise<Buffer | null> => {
  if (!logo) return null;
  const key = fileKeyOf(logo);
  if (key !== null) {
    const file = await files?.get(key).catch(() => null);
    return file && isPng(file.bytes) && file.bytes.length <= LOGO_MAX_BYTES ? file.bytes : null;
  }
  const data = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(logo);
  if (data?.[1]) {
    const bytes = Buffer.from(data[1], 'base64');
    return isPng(bytes) && bytes.length <= LOGO_MAX_BYTES ? bytes : null;
  }
  if (!/^https?:\/\//.test(logo)) return null;
  try {
    // through the server's egress guard (issue 41 F11): never a private, loopback or link-local address
    const res = await guardedGet(logo, { timeoutMs: 3000, maxBytes: LOGO_MAX_BYTES });
    if (res.status < 200 || res.status > 299) return null;
    return res.body.length <= LOGO_MAX_BYTES && isPng(res.body) ? res.body : null;
  } catch {
    return null;
  }
};

// ---- Google Wallet ---------------------------------------------------------------------------------

/** Google's ids: the issuer id, a dot, then letters, digits, '.', '_' or '-'. */
const googleId = (issuerId: string, suffix: string) =>
  `${issuerId}.${suffix.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** The loyalty class (the programme) and object (the member's card) a save link carries. */
export const googleLoyaltyPayload = (
  google: GoogleSettings,
  input: { cardId: number; programmeKey: string; view: PublicCardView; webCardUrl: string; logoUrl: string },
) => {
  const { view } = input;
  const classId = googleId(google.issuerId, `loyalty-programme-${input.programmeKey}`);
  return {
    loyaltyClasses: [
      {
        id: classId,
        issuerName: view.brand.name,
        programName: view.programme.title,
        programLogo: { sourceUri: { uri: input.logoUrl } },
        hexBackgroundColor: `#${PASS_RGB.map((c) => c.toString(16).padStart(2, '0')).join('')}`,
        reviewStatus: 'UNDER_REVIEW',
      },
    ],
    loyaltyObjects: [
      {
        id: googleId(google.issuerId, `member-card-${input.cardId}`),
        classId,
        state: view.state === 'EXPIRED' ? 'EXPIRED' : view.state === 'COMPLETED' ? 'COMPLETED' : 'ACTIVE',
        accountId: view.code,
        accountName: view.memberMobile,
        loyaltyPoints: { label: 'Stamps', balance: { string: `${view.stamps} / ${view.stampsRequired}` } },
        ...(view.reward
          ? {
              textModulesData: [
                {
                  id: 'reward',
                  header: 'Reward',
                  body: `${view.reward.title} (${view.currency} ${view.reward.value})`,
                },
              ],
            }
          : {}),
        linksModuleData: {
          uris: [{ id: 'webCard', uri: input.webCardUrl, description: 'Your card online' }],
        },
        barcode: { type: 'QR_CODE', value: view.code, alternateText: view.code },
      },
    ],
  };
};

/** "Save to Google Wallet": GOOGLE_SAVE_URL + a JWT signed RS256 by the service account. */
export const googleSaveUrl = async (
  google: GoogleSettings,
  config: Pick<Config, 'publicUrl'>,
  payload: ReturnType<typeof googleLoyaltyPayload>,
  now = new Date(),
): Promise<string> => {
  const key = createPrivateKey(google.privateKeyPem);
  const jwt = await new SignJWT({ typ: 'savetowallet', origins: [config.publicUrl], payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
};

/** The default icon's public address (a pass's logo for Google, which fetches it). */
export const DEFAULT_LOGO_PATH = '/public/wallet/logo.png';

// ---- the web card's buttons --------------------------------------------------------------------------

/** The web card's wallet buttons (PublicCardView.wallet); a null hides the button. */
export interface WalletOffers {
  applePassUrl: string | null;
  googleSaveUrl: string | null;
}

/**
 * The wallet buttons of member card `cardId`'s web card, reached by `token`: the pass's address when
 * Apple Wallet is configured, a save link carrying the card (signed now) when Google Wallet is.
 */
export const walletOffers = async (
  db: DbOrTx,
  keys: LinkKeys,
  card: { cardId: number; programmeId: number; token: string; view: Omit<PublicCardView, 'wallet'> },
  now = new Date(),
): Promise<WalletOffers> => {
  const settings = await loadWalletSettings(db, walletSecrets(keys));
  const base = `${keys.publicUrl}${BASE_PATHS.main}`;
  const applePassUrl = settings.apple ? `${base}${PUBLIC_PATHS.applePass(card.token)}` : null;
  if (!settings.google) return { applePassUrl, googleSaveUrl: null };
  const view: PublicCardView = { ...card.view, wallet: { applePassUrl: null, googleSaveUrl: null } };
  const logo = view.brand.logo ?? '';
  const payload = googleLoyaltyPayload(settings.google, {
    cardId: card.cardId,
    programmeKey: String(card.programmeId),
    view,
    webCardUrl: `${keys.publicUrl}${POCKET_PAGES.CARD}${card.token}`,
    // Google fetches the logo itself: the brand's when it is on https (a file of ours at the public
    // address), else our default
    logoUrl: /^https:\/\//.test(logo)
      ? logo
      : fileKeyOf(logo) !== null && keys.publicUrl.startsWith('https://')
        ? `${keys.publicUrl}${logo}`
        : `${base}${DEFAULT_LOGO_PATH}`,
  });
  return { applePassUrl, googleSaveUrl: await googleSaveUrl(settings.google, keys, payload, now) };
};
