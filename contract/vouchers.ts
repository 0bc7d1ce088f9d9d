// The voucher operations on the wire (docs/api.md "Vouchers"): what issuing from a pack sends and
// answers, a pack's figures, and one member's vouchers by state. A voucher, its history and a member
// are rows of declared tables (resources/tables/vouchers.ts, voucherHistory.ts, members.ts): each side
// names them as it reads them (the portal: WireRow), so the answers that hold them take them as
// parameters. The portal's calls read these; the server answers the same shapes (server/domains/vouchers/vouchers.routes.ts).
import type { VoucherState } from './enums';

/** POST /voucher-packs/{id}/vouchers */
export interface IssueVouchersBody {
  memberMobile: string;
  quantity: number;
}

/** What issuing answers: the pack as it is afterwards, and the vouchers issued. */
export interface IssueVouchersResult<Voucher> {
  pack: Record<string, unknown> & { id: number; issuedCount: number };
  vouchers: Voucher[];
}

/** GET /voucher-packs/{id}/summary */
export interface VoucherPackSummary {
  quantity: number;
  issuedCount: number;
  left: number;
  available: number;
  redeemed: number;
  expired: number;
}

/** A voucher a member holds, with its history (oldest first). */
export type MemberVoucher<Voucher, History> = Voucher & {
  /** oldest first */
  history: History[];
};

/** GET /members/{mobile}/vouchers: the member, their vouchers by state, and what the available ones are worth. */
export interface MemberWallet<Member, Voucher, History> {
  member: Member;
  vouchers: Record<VoucherState, MemberVoucher<Voucher, History>[]>;
  /** the value of the AVAILABLE vouchers, summed exactly by the server (a decimal string), any currency */
  availableValue: string;
  /** the same per currency (each voucher's company's), by currency code: what a person reads */
  availableValues: { currency: string; value: string }[];
}
