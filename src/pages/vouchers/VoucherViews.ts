// The hand-written voucher views, one chunk loaded on first use (src/pages/resources/overrides.ts).
export { IssueVouchersPage } from './IssueVouchersPage';
export { VoucherPackEdit } from './VoucherPackEdit';
export { VoucherPackShow } from './VoucherPackShow';
export { VoucherShow } from './VoucherShow';
