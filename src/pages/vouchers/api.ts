// The voucher operations as the portal calls them (docs/operations.md "Vouchers", server/domains/vouchers/vouchers.routes.ts):
// issuing from a pack, a pack's figures, redeem / void / donate / expire, and one member's vouchers.
// Every operation goes out with an Idempotency-Key (src/components/operations/api.ts), so that one
// confirmation changes things once.
import type {
  IssueVouchersBody,
  IssueVouchersResult,
  MemberWallet,
  VoucherPackSummary,
} from '../../../contract/vouchers';
import { type voucherHistory, voucherPacks, vouchers } from '../../../resources';
import type { WireRow } from '../../../resources/rows';
import { members } from '../../../resources/tables/members';
import { pathId, postOperation } from '../../components/operations/api';
import { useLoadable } from '../../components/operations/useLoadable';
import type { HttpClient } from '../../providers/httpClient';

/** The most vouchers one issue call may create (the server's ISSUE_MAX). */
export const ISSUE_MAX = 100;
/** The longest reason a void takes. */
export const VOID_REASON_MAX = 500;

/** A voucher as the API answers it (resources/tables/vouchers.ts). */
export type VoucherRow = WireRow<typeof vouchers>;

/** A voucher history row as the API answers it (resources/tables/voucherHistory.ts). */
export type VoucherHistoryRow = WireRow<typeof voucherHistory>;

/** A member as the API answers it (resources/tables/members.ts). */
export type MemberRow = WireRow<typeof members>;

export const issueVouchers = (
  http: HttpClient,
  packId: number | string,
  body: IssueVouchersBody,
  key: string,
): Promise<IssueVouchersResult<VoucherRow>> =>
  postOperation(http, `${voucherPacks.path}/${pathId(packId)}/vouchers`, body, key);

export const fetchPackSummary = async (
  http: HttpClient,
  packId: number | string,
): Promise<VoucherPackSummary> =>
  (await http<VoucherPackSummary>(`${voucherPacks.path}/${pathId(packId)}/summary`)).data;

export type VoucherOperation =
  | { name: 'redeem'; body: { storeId: number } }
  | { name: 'void'; body: { reason: string } }
  | { name: 'donate'; body: { toMobile: string } }
  | { name: 'expire'; body: Record<string, never> };

/** POST /vouchers/{id}/{redeem|void|donate|expire}: the voucher row as it is afterwards. */
export const runVoucherOperation = (
  http: HttpClient,
  voucherId: number | string,
  op: VoucherOperation,
  key: string,
): Promise<VoucherRow> =>
  postOperation(http, `${vouchers.path}/${pathId(voucherId)}/${op.name}`, op.body, key);

export const fetchMemberWallet = async (
  http: HttpClient,
  mobile: string,
): Promise<MemberWallet<MemberRow, VoucherRow, VoucherHistoryRow>> =>
  (
    await http<MemberWallet<MemberRow, VoucherRow, VoucherHistoryRow>>(
      `${members.path}/${pathId(mobile)}/vouchers`,
    )
  ).data;

/**
 * A pack's figures, loaded again whenever `version` changes (the pack's issuedCount and updateTime:
 * react-admin's refresh after an issue or an Enable/Disable reloads the pack, and the figures follow).
 */
export const usePackSummary = (packId: number | string | undefined, version: string) =>
  useLoadable(
    packId === undefined
      ? null
      : { key: `${String(packId)} ${version}`, load: (http) => fetchPackSummary(http, packId) },
  );
