// The member's pocket on the wire (issue 26, docs/api.md "The pocket card"): the web card of a member
// card or a voucher at an unguessable, revocable link, what its public JSON holds, the staff routes
// that show, send and revoke a link, the look-ups by code a scan makes, and joining a programme from a
// store's poster. The server's routes, the pocket bundle (src/pocket/), the portal and the tests read
// these; nothing here is repeated elsewhere.
import type { BonusCondition, CampaignKind, StampCardStateName, VoucherState, Weekday } from './enums';

/** What a link names: a member card or a voucher. */
export const POCKET_KINDS = ['CARD', 'VOUCHER'] as const;
export type PocketKind = (typeof POCKET_KINDS)[number];

/** The public pages of the pocket bundle (pocket.html), each followed by a token or ids. */
export const POCKET_PAGES = {
  /** a member card's web card: /c/{token} */
  CARD: '/c/',
  /** a voucher's web card: /v/{token} */
  VOUCHER: '/v/',
  /** a store's poster sign-up page: /join/{storeId}/{programmeId} */
  JOIN: '/join/',
} as const;

/** The query parameter of a join page's link that carries a member's referral code (issue 43). */
export const REFERRAL_PARAM = 'ref';

/** The public JSON routes (under BASE_PATHS.main): no sign-in, read-only or rate-limited. */
export const PUBLIC_PATHS = {
  card: (token: string) => `/public/cards/${encodeURIComponent(token)}`,
  voucher: (token: string) => `/public/vouchers/${encodeURIComponent(token)}`,
  applePass: (token: string) => `/public/cards/${encodeURIComponent(token)}/pass.pkpass`,
  /** GET: what the sign-up page shows (JoinProgrammeView); POST {mobile}: sends the one-time code */
  join: (storeId: number, programmeId: number) => `/public/join/${storeId}/${programmeId}`,
  joinConfirm: '/public/join/confirm',
} as const;

/** The public web card routes answer one IP address at most this many reads a minute (then 429, code 6). */
export const PUBLIC_READS_PER_IP_PER_MINUTE = 120;

/** A card's or voucher's code (what a QR carries or a person types) is at most this long on the wire. */
export const CODE_MAX = 64;
const CODE = /^[0-9A-Z]+$/;

/**
 * The code as the server keeps it: blanks, dashes and dots people type or a reader adds are dropped,
 * letters go upper case ('k3m9 x7pq-2r' → 'K3M9X7PQ2R'); null when what is left is no code at all.
 * The look-ups by code (server/domains/pocket/pocket.routes.ts) and the Scan screen both read a code through it.
 */
export const normaliseCode = (typed: string): string | null => {
  const code = typed.replace(/[\s\-.]+/g, '').toUpperCase();
  return code.length > 0 && code.length <= CODE_MAX && CODE.test(code) ? code : null;
};

/**
 * GET /codes/{code}: what a code a QR carries (or staff typed) names among the rows the caller may
 * see: a member card, else a voucher, else nothing. Always 200, so a counter's look-up of a voucher
 * code does not first fail as a card's.
 */
export interface CodeLookup {
  kind: PocketKind | 'NONE';
  /** the card's or the voucher's id; null with NONE */
  id: number | null;
}

/** GET /member-cards/{id}/link, GET /vouchers/{id}/link and their POST .../link/revoke. */
export interface PocketLink {
  /** the web card's page, absolute (PUBLIC_URL + /c/{token} or /v/{token}) */
  url: string;
  token: string;
}

/** POST /member-cards/{id}/link/send and POST /vouchers/{id}/link/send: the message queued. */
export interface PocketLinkSent {
  /** the member_messages row that carries the link */
  messageId: number;
  /** PUSH when the member has the app on a phone, else SMS */
  channel: MessageChannel;
}

/** How a message reaches a member: the push provider (FCM or the push outbox), or the SMS outbox. */
export const MESSAGE_CHANNELS = ['PUSH', 'SMS'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Why a member is sent a message of their own (not a push): CAMPAIGN, a campaign's words with its reward (issue 43). */
export const MESSAGE_KINDS = ['CARD_LINK', 'VOUCHER_LINK', 'JOIN_CODE', 'CAMPAIGN'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message's life: QUEUED in the operation's transaction, then SENT or FAILED by the job. */
export const MESSAGE_STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** The brand a web card belongs to. */
export interface PocketBrand {
  name: string;
  logo: string | null;
  website: string | null;
}

/** One ACTIVE store of the brand, as the web card lists them. */
export interface PocketStore {
  name: string;
  address: string;
  phone: string | null;
  openingHours: string | null;
}

/** One of the member's AVAILABLE vouchers from the same company, with its own web card. */
export interface PocketVoucher {
  title: string;
  /** exact decimal string, in `currency` */
  value: string;
  validUntil: string;
  /** its own web card; null for a voucher no link was made for yet */
  url: string | null;
}

/** What the web card of a voucher or a card shows about the member and the merchant. */
export interface PocketCommon {
  /** the code the QR carries (what staff scan or type) */
  code: string;
  /** masked: +65••••4567 */
  memberMobile: string;
  brand: PocketBrand;
  stores: PocketStore[];
  /** the member's other AVAILABLE vouchers of this company, soonest to expire first (at most 20) */
  vouchers: PocketVoucher[];
  /** ISO 4217 code of the company's country, e.g. SGD */
  currency: string;
}

/** A stamping campaign running on the card's programme (issue 43): what the web card announces. */
export interface PocketPromotion {
  name: string;
  kind: Extract<CampaignKind, 'MULTIPLIER' | 'BONUS'>;
  description: string | null;
  /** MULTIPLIER: each stamping gives this many times its stamps */
  multiplier: number | null;
  /** BONUS: the stamps added when `bonusCondition` holds */
  bonusStamps: number | null;
  bonusCondition: BonusCondition | null;
  /** RECEIPT_OVER: the least receipt, exact decimal in `currency` */
  minAmount: string | null;
  /** its days (none: every day), and hours of the company's day (null: all day) */
  days: Weekday[];
  hourFrom: number | null;
  hourTo: number | null;
  /** ISO instant, null: until it is ended */
  endAt: string | null;
}

/** A running REFERRAL campaign of the card's company: the link the member shares, and what both get. */
export interface PocketReferral {
  /** the join page of the card's programme at its store, carrying the member's referral code */
  url: string;
  campaign: string;
  description: string | null;
  /** the voucher each of them gets once the friend is first stamped */
  reward: { title: string; value: string };
}

/** GET /public/cards/{token} */
export interface PublicCardView extends PocketCommon {
  kind: 'CARD';
  state: StampCardStateName;
  stamps: number;
  stampsRequired: number;
  programme: {
    title: string;
    description: string | null;
    image: string | null;
    endDate: string;
  };
  /** the voucher a full card gives: its pack's title and value */
  reward: { title: string; value: string } | null;
  /** set when the card completed: its reward voucher's web card */
  rewardVoucherUrl: string | null;
  /** absent buttons when null: offered only when an operator configured Apple or Google Wallet */
  wallet: { applePassUrl: string | null; googleSaveUrl: string | null };
  /** the MULTIPLIER and BONUS campaigns running on the programme now (issue 43) */
  promotions: PocketPromotion[];
  /** null unless the company runs a REFERRAL campaign and the programme takes members */
  referral: PocketReferral | null;
}

/** GET /public/vouchers/{token} */
export interface PublicVoucherView extends PocketCommon {
  kind: 'VOUCHER';
  state: VoucherState;
  title: string;
  description: string | null;
  image: string | null;
  value: string;
  validFrom: string;
  validUntil: string;
}

/** Joining from a poster: the one-time code's rules. */
export const JOIN_OTP = {
  /** digits in the code */
  length: 6,
  /** a code is good for this long */
  ttlSeconds: 10 * 60,
  /** wrong codes before the code is dead (a new one must be asked for) */
  maxTries: 5,
  /** codes sent to one number per hour */
  perNumberPerHour: 3,
  /** join requests (start and confirm) from one IP address per hour */
  perIpPerHour: 30,
} as const;

/** GET /public/join/{storeId}/{programmeId}: what the sign-up page shows. */
export interface JoinProgrammeView {
  programme: { title: string; description: string | null; image: string | null; stampsRequired: number };
  reward: { title: string; value: string } | null;
  brand: PocketBrand;
  store: { name: string; address: string };
  currency: string;
  /** the country's calling code, to help typing a local number (e.g. +65) */
  callingCode: string;
  /** asked with a good `ref` while a REFERRAL campaign runs: what the friend gets after their first stamping */
  referral: { campaign: string; reward: { title: string; value: string } } | null;
}

/** POST /public/join/{storeId}/{programmeId} */
export interface JoinStartBody {
  mobile: string;
}

/** What starting a join answers: the code is on its way. */
export interface JoinStartAnswer {
  /** masked */
  mobile: string;
  expiresInSeconds: number;
}

/** POST /public/join/confirm */
export interface JoinConfirmBody {
  mobile: string;
  code: string;
  /** YYYY-MM-DD, optional (issue 43: a birthday treat) */
  birthday?: string;
  /** the referral code of the link the member came by (REFERRAL_PARAM), optional; a bad one is ignored */
  ref?: string;
}

/** What a confirmed join answers: the new card's web card. */
export type JoinConfirmAnswer = PocketLink;

/**
 * GET /member-messages?memberMobile=…[&kind=…] (operators only): one row of the member message outbox,
 * what a member was sent or is about to be. With the local SMS outbox these rows are the SMS.
 */
export interface MemberMessageView {
  id: number;
  companyId: number;
  memberMobile: string;
  kind: MessageKind;
  channel: MessageChannel;
  body: string;
  url: string | null;
  state: MessageState;
  /** the provider that took it: 'sms-outbox', 'outbox', 'fcm' … (null while QUEUED) */
  provider: string | null;
  attempts: number;
  error: string | null;
  createTime: string;
  sentAt: string | null;
}

/** The most rows GET /member-messages answers (newest first). */
export const MEMBER_MESSAGES_MAX = 50;
