// Hand-written views that replace one generated view of one resource (and nothing else). Add an entry
// as `{ [resourceName]: { list?: Component, show?: …, edit?: …, create?: … } }`.
import { lazy } from 'react';
import type { ResourceModule } from '../../builders/resourceModule';

// Loaded on first use, so the hand-written screens stay out of the main bundle.
const accessForms = () => import('../access/UserGroupForms');
const auditLog = () => import('../audit/AuditLog');
const approvals = () => import('../approve/MerchantSignupViews');
const orgLists = () => import('../organisation/OrgResourceLists');
const voucherViews = () => import('../vouchers/VoucherViews');
const stampCardViews = () => import('../stampCards/StampCardViews');
const deviceViews = () => import('../devices/DeviceViews');
const pushViews = () => import('../push/PushViews');

export type ResourceOverrides = Partial<
  Record<string, Partial<Pick<ResourceModule, 'list' | 'show' | 'edit' | 'create'>>>
>;

export const overrides: ResourceOverrides = {
  // the approval queue (PENDING first) and one request with its Approve / Reject buttons
  merchantSignup: {
    list: lazy(() => approvals().then((m) => ({ default: m.MerchantSignupList }))),
    show: lazy(() => approvals().then((m) => ({ default: m.MerchantSignupShow }))),
  },
  userGroups: {
    create: lazy(() => accessForms().then((m) => ({ default: m.UserGroupCreate }))),
    edit: lazy(() => accessForms().then((m) => ({ default: m.UserGroupEdit }))),
  },
  auditLog: {
    list: lazy(() => auditLog().then((m) => ({ default: m.AuditLogList }))),
    show: lazy(() => auditLog().then((m) => ({ default: m.AuditLogShow }))),
  },
  // merchants ask for brands and stores on the hierarchy page: the lists link there
  brand: { list: lazy(() => orgLists().then((m) => ({ default: m.BrandList }))) },
  // a store's generated show with its "Stamping PIN" panel beside it
  store: {
    list: lazy(() => orgLists().then((m) => ({ default: m.StoreList }))),
    show: lazy(() => deviceViews().then((m) => ({ default: m.StoreShow }))),
  },
  // a pack's figures and "Issue vouchers"; a voucher's operations and history; vouchers are issued
  // from a pack, never created by hand, so their create screen is "Issue vouchers"
  voucherPacks: { show: lazy(() => voucherViews().then((m) => ({ default: m.VoucherPackShow }))) },
  vouchers: {
    show: lazy(() => voucherViews().then((m) => ({ default: m.VoucherShow }))),
    create: lazy(() => voucherViews().then((m) => ({ default: m.IssueVouchersPage }))),
  },
  // a programme's figures, "Issue card" and its member cards; its create form opens with the main
  // config's default price and image; a member card's stamps, Stamp and Void
  stampCard: {
    show: lazy(() => stampCardViews().then((m) => ({ default: m.StampCardShow }))),
    create: lazy(() => stampCardViews().then((m) => ({ default: m.StampCardCreate }))),
  },
  memberCards: { show: lazy(() => stampCardViews().then((m) => ({ default: m.MemberCardShow }))) },
  // a device's lifecycle with the operations the caller may run, and its secret shown once on Register
  devices: { show: lazy(() => deviceViews().then((m) => ({ default: m.DeviceShow }))) },
  // the push form with its audience pickers and live preview (recipient count, a sample member's
  // message); a push's page with Schedule / Cancel and, once sent, its figures and deliveries
  push: {
    create: lazy(() => pushViews().then((m) => ({ default: m.PushCreate }))),
    edit: lazy(() => pushViews().then((m) => ({ default: m.PushEdit }))),
    show: lazy(() => pushViews().then((m) => ({ default: m.PushShow }))),
  },
};
