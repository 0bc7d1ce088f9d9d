// The stamp card operations as the portal calls them (docs/operations.md "Stamp cards", docs/api.md "Stamp
// cards and member cards"): issuing a member card, a programme's figures, stamping a card, voiding a
// card's last stamping, and the main config's stamp-card defaults. Every operation goes out with an
// Idempotency-Key (src/components/operations/api.ts), so that one confirmation changes things once.
import { STAMP_CARD_STATES, type StampCardStateName } from '../../../contract/enums';
import type {
  IssueCardBody,
  ReceiptStampBody,
  StampBody,
  StampCardSummary,
  StampResult,
} from '../../../contract/stamping';
import { stampCard, stampsTransaction } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { pathId, postOperation } from '../../components/operations/api';
import { useLoadable } from '../../components/operations/useLoadable';
import type { HttpClient } from '../../providers/httpClient';

/** The longest reason a void takes. */
export const VOID_REASON_MAX = 500;
export const RECEIPT_MAX = 64;
/** What staff type on a member's phone: 4 to 8 digits. */
export const PIN_PATTERN = /^[0-9]{4,8}$/;

export interface MemberCardRow {
  id: number;
  stampCardId: number;
  memberMobile: string;
  stamps: number;
  state: number;
  storeId: number | null;
  rewardVoucherId: number | null;
}

export interface StampsTransactionRow {
  id: number;
  memberCardId: number | null;
  result: 'SUCCESS' | 'FAILED' | 'VOIDED';
  stamps: number;
  stampsAfter: number | null;
  receiptNo: string | null;
  storeId: number | null;
  failureCode: number | null;
  failureReason: string | null;
  voidReason: string | null;
  at: string;
}

/** A member card's numeric state by name ('AVAILABLE' for 0), or null for anything else. */
export const cardStateName = (state: unknown): StampCardStateName | null =>
  typeof state === 'number' ? (STAMP_CARD_STATES[state] ?? null) : null;

export const issueMemberCard = (
  http: HttpClient,
  stampCardId: number | string,
  body: IssueCardBody,
  key: string,
): Promise<MemberCardRow> =>
  postOperation(http, `${stampCard.path}/${pathId(stampCardId)}/member-cards`, body, key);

export const fetchStampCardSummary = async (
  http: HttpClient,
  stampCardId: number | string,
): Promise<StampCardSummary> =>
  (await http<StampCardSummary>(`${stampCard.path}/${pathId(stampCardId)}/summary`)).data;

export const stampMemberCard = (
  http: HttpClient,
  memberCardId: number | string,
  body: StampBody,
  key: string,
): Promise<StampResult> =>
  postOperation(http, `${memberCards.path}/${pathId(memberCardId)}/stamps`, body, key);

/** POST /member-cards/{id}/stamps/receipt: one stamping from a receipt's QR code (6750 once stamped). */
export const stampFromReceipt = (
  http: HttpClient,
  memberCardId: number | string,
  body: ReceiptStampBody,
  key: string,
): Promise<StampResult> =>
  postOperation(http, `${memberCards.path}/${pathId(memberCardId)}/stamps/receipt`, body, key);

export const voidStampsTransaction = (
  http: HttpClient,
  transactionId: number | string,
  reason: string,
  key: string,
): Promise<StampsTransactionRow> =>
  postOperation(http, `${stampsTransaction.path}/${pathId(transactionId)}/void`, { reason }, key);

const CONFIG = '/config/main/stamp-card';

/** The main config's defaults of a new programme: its price and its first default image. */
export const fetchStampCardDefaults = async (
  http: HttpClient,
): Promise<{ price?: number; image?: string }> => {
  const [price, images] = await Promise.allSettled([
    http<{ price: number }>(`${CONFIG}/default-price`),
    http<string[]>(`${CONFIG}/default-images`),
  ]);
  const out: { price?: number; image?: string } = {};
  if (price.status === 'fulfilled' && typeof price.value.data?.price === 'number')
    out.price = price.value.data.price;
  const first =
    images.status === 'fulfilled' && Array.isArray(images.value.data) ? images.value.data[0] : null;
  if (typeof first === 'string' && first !== '') out.image = first;
  return out;
};

/** A programme's figures, loaded again whenever `version` changes (react-admin's refresh). */
export const useStampCardSummary = (stampCardId: number | string | undefined, version: string) =>
  useLoadable(
    stampCardId === undefined
      ? null
      : {
          key: `${String(stampCardId)} ${version}`,
          load: (http) => fetchStampCardSummary(http, stampCardId),
        },
  );
