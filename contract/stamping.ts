// The stamp card operations on the wire (docs/api.md "Stamp cards"): what issuing a member card and
// stamping one send and answer, a programme's figures, and which refused stampings leave a FAILED
// stamps transaction behind. The server's routes, the portal's calls and the mocks read these.
import type { StampCampaignShare } from './campaigns';
import type { ErrorName } from './errors';

/** POST /stamp-cards/{id}/member-cards */
export interface IssueCardBody {
  memberMobile: string;
  storeId: number;
}

/** POST /member-cards/{id}/stamps */
export interface StampBody {
  stamps: number;
  storeId: number;
  receiptNo?: string;
  pin?: string;
  /** the stamps the till saw on the card: another count answers 6626 */
  expectedStamps?: number;
}

/**
 * A receipt's QR code as a till prints it (docs/api.md "Receipt QR"): `LRQ1|<storeId>|<receiptNo>|<amount>`,
 * the amount a decimal with at most two places in the company's currency. The counter stamps a card
 * from it once: the same receipt again answers 6750 (QR_ALREADY_PROCESSED).
 */
export const RECEIPT_QR_PREFIX = 'LRQ1';
/** A receipt number: 1 to 64 characters, no `|`, no space at either end. */
export const RECEIPT_NO_PATTERN = /^[^\s|](?:[^|]{0,62}[^\s|])?$/;

export interface ReceiptQr {
  storeId: number;
  receiptNo: string;
  /** exact decimal text, e.g. "12.50" */
  amount: string;
}

/** The receipt a QR code's text carries, or null when it is not one. */
export const parseReceiptQr = (text: string): ReceiptQr | null => {
  const parts = text.trim().split('|');
  if (parts.length !== 4 || parts[0] !== RECEIPT_QR_PREFIX) return null;
  const [, store = '', receiptNo = '', amount = ''] = parts;
  if (!/^[1-9]\d{0,9}$/.test(store) || Number(store) > 2_147_483_647) return null;
  if (!RECEIPT_NO_PATTERN.test(receiptNo)) return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return null;
  return { storeId: Number(store), receiptNo, amount };
};

/** The text a till encodes in a receipt's QR code. */
export const receiptQrText = (r: ReceiptQr): string =>
  [RECEIPT_QR_PREFIX, r.storeId, r.receiptNo, r.amount].join('|');

/** POST /member-cards/{id}/stamps/receipt: the QR's text, and the stamps it gives (default 1). */
export interface ReceiptStampBody {
  qr: string;
  stamps?: number;
  pin?: string;
  expectedStamps?: number;
}

/** What a stamping answers: its SUCCESS stamps transaction. */
export interface StampResult {
  id: number;
  memberCardId: number;
  result: string;
  stamps: number;
  stampsAfter: number;
  /** the card's numeric state after it (STAMP_CARD_STATE_VALUES) */
  memberCardState: number;
  /** the reward voucher issued when the stamping completed the card */
  rewardVoucherId: number | null;
  /** of `stamps`, those running campaigns added (issue 43) */
  campaignStamps: number;
  /** the campaigns that added them, each with its share, in the order they were applied */
  campaigns: StampCampaignShare[];
}

/** GET /stamp-cards/{id}/summary */
export interface StampCardSummary {
  /** null when the programme issues without limit */
  quantity: number | null;
  issuedCount: number;
  left: number | null;
  available: number;
  completed: number;
  expired: number;
  stampsThisWeek: number;
  stampingsThisWeek: number;
}

/**
 * GET/POST /stores/{id}/pin: whether the store has a stamping PIN, since when, and until when PIN
 * stamping is refused after too many wrong PINs. `Time` is an ISO string on the wire (a Date in the
 * server before it is sent).
 */
export interface PinStatus<Time = string> {
  storeId: number;
  pinSet: boolean;
  /** when the PIN was last set (null without one) */
  setAt: Time | null;
  /** until when PIN stamping is refused (null when it is not) */
  lockedUntil: Time | null;
}

/**
 * Refusals of a stamping that leave a FAILED stamps transaction on the card, naming the code and why
 * (the card was found and the caller may see it); every other refusal leaves nothing.
 */
export const RECORDED_STAMPING_REFUSALS: readonly ErrorName[] = [
  'TOO_MANY_STAMPS',
  'INVALID_PIN',
  'TOO_MANY_PIN_TRIES',
  'UNKNOWN_CARD_OR_ORDER',
  'STAMP_NUMBER_MISMATCH',
  'VOUCHER_ISSUE_FAILED',
  'DUPLICATE_RECEIPT_NUMBER',
  'QR_ALREADY_PROCESSED',
  'STAMP_LIMIT_EXCEEDED',
  'STORE_NOT_FOUND_FOR_TXN',
  'EQUIPMENT_NOT_ACTIVE',
  'EQUIPMENT_STORE_MISMATCH',
];

/**
 * A card stamped this recently is asked about before the counter's one-tap Stamp stamps it again
 * (issue 40 item 7): a second tap, or a second till, within a few minutes is more often a mistake
 * than a second purchase.
 */
export const RECENT_STAMPING_MS = 5 * 60 * 1000;

/**
 * How long the counter's right voids a stamping (issue 40 item 1): a till's mistake is put right at
 * once; an older stamping is voided by whoever may correct stampings (UPDATE on `stampsTransaction`).
 */
export const COUNTER_VOID_MS = 30 * 60 * 1000;
