// Hand-written views that replace one generated view of one resource (and nothing else). Add an entry
// as `{ [resourceName]: { list?: Component, show?: …, edit?: …, create?: … } }`.

import type { ResourceModule } from '../../builders/resourceModule';
import { lazyFrom, moduleLoader } from '../../components/lazyModule';
import { afterFiles } from '../../preloadFiles';

// Loaded on first use, so the hand-written screens stay out of the main bundle; once loaded, their
// screens render without suspending (src/components/lazyModule.ts).
const accessForms = moduleLoader(() => import('../access/UserGroupForms'));
// The lists the idle prefetch asks for (prefetchListOverrides, below) ask for their files two per
// task first (src/preloadFiles.ts), as the generated record screens do (recordViewsModule): Vite's
// helper would add each one's links in one task, the idle moment's longest.
const auditLog = moduleLoader(
  afterFiles('__loyalty_files_of:src/pages/audit/AuditLog.tsx__', () => import('../audit/AuditLog')),
);
const approvals = moduleLoader(
  afterFiles(
    '__loyalty_files_of:src/pages/approve/MerchantSignupViews.ts__',
    () => import('../approve/MerchantSignupViews'),
  ),
);
const orgLists = moduleLoader(
  afterFiles(
    '__loyalty_files_of:src/pages/organisation/OrgResourceLists.tsx__',
    () => import('../organisation/OrgResourceLists'),
  ),
);
const voucherViews = moduleLoader(() => import('../vouchers/VoucherViews'));
const stampCardViews = moduleLoader(() => import('../stampCards/StampCardViews'));
const deviceViews = moduleLoader(() => import('../devices/DeviceViews'));
const pushViews = moduleLoader(() => import('../push/PushViews'));
const signalViews = moduleLoader(() => import('../signals/SignalViews'));
const membersList = moduleLoader(() => import('../members/MembersList'));
const segmentViews = moduleLoader(() => import('../segments/SegmentViews'));
const segmentShow = moduleLoader(() => import('../segments/SegmentShow'));
const campaignViews = moduleLoader(() => import('../campaigns/CampaignViews'));

export type ResourceOverrides = Partial<
  Record<string, Partial<Pick<ResourceModule, 'list' | 'show' | 'edit' | 'create'>>>
>;

export const overrides: ResourceOverrides = {
  // the approval queue (PENDING first) and one request with its Approve / Reject buttons
  merchantSignup: {
    list: lazyFrom(approvals, (m) => m.MerchantSignupList),
    show: lazyFrom(approvals, (m) => m.MerchantSignupShow),
  },
  userGroups: {
    create: lazyFrom(accessForms, (m) => m.UserGroupCreate),
    edit: lazyFrom(accessForms, (m) => m.UserGroupEdit),
  },
  auditLog: {
    list: lazyFrom(auditLog, (m) => m.AuditLogList),
    show: lazyFrom(auditLog, (m) => m.AuditLogShow),
  },
  // merchants ask for brands and stores on the hierarchy page: the lists link there
  brand: { list: lazyFrom(orgLists, (m) => m.BrandList) },
  // a company's fields, what its closed state stops, and for operators its wallet (issue 40 item 3)
  company: { show: lazyFrom(orgLists, (m) => m.CompanyShow) },
  // a store's generated show with its "Stamping PIN" panel beside it
  store: {
    list: lazyFrom(orgLists, (m) => m.StoreList),
    show: lazyFrom(deviceViews, (m) => m.StoreShow),
  },
  // a pack's figures and "Issue vouchers"; a voucher's operations and history; vouchers are issued
  // from a pack, never created by hand, so their create screen is "Issue vouchers"
  // an edit of a live pack or programme says how many live vouchers or cards keep their terms
  voucherPacks: {
    show: lazyFrom(voucherViews, (m) => m.VoucherPackShow),
    edit: lazyFrom(voucherViews, (m) => m.VoucherPackEdit),
  },
  vouchers: {
    show: lazyFrom(voucherViews, (m) => m.VoucherShow),
    create: lazyFrom(voucherViews, (m) => m.IssueVouchersPage),
  },
  // a programme's figures, "Issue card" and its member cards; its create form opens with the main
  // config's default price and image; a member card's stamps, Stamp and Void
  stampCard: {
    show: lazyFrom(stampCardViews, (m) => m.StampCardShow),
    create: lazyFrom(stampCardViews, (m) => m.StampCardCreate),
    edit: lazyFrom(stampCardViews, (m) => m.StampCardEdit),
  },
  memberCards: { show: lazyFrom(stampCardViews, (m) => m.MemberCardShow) },
  // a device's lifecycle with the operations the caller may run, and its secret shown once on Register
  devices: { show: lazyFrom(deviceViews, (m) => m.DeviceShow) },
  // the push form with its audience pickers and live preview (recipient count, a sample member's
  // message); a push's page with Schedule / Cancel and, once sent, its figures and deliveries
  push: {
    create: lazyFrom(pushViews, (m) => m.PushCreate),
    edit: lazyFrom(pushViews, (m) => m.PushEdit),
    show: lazyFrom(pushViews, (m) => m.PushShow),
  },
  // a fraud signal in plain words with its linked transactions, and Resolve with a note
  signals: { show: lazyFrom(signalViews, (m) => m.SignalShow) },
  // the members list (/aotg/list) with its members filters; a row opens the profile (/aotg/member)
  members: { list: lazyFrom(membersList, (m) => m.MembersList) },
  // a segment's filter as rows of field / operator / value pickers, with its live reach beside them;
  // the list and its page say who is in it in sentences; the page its reach and "Send a push to it"
  segments: {
    list: lazyFrom(segmentShow, (m) => m.SegmentList),
    show: lazyFrom(segmentShow, (m) => m.SegmentShow),
    create: lazyFrom(segmentViews, (m) => m.SegmentCreate),
    edit: lazyFrom(segmentViews, (m) => m.SegmentEdit),
  },
  // a campaign's form by kind with its live preview; its page with what it does in words and its results
  campaigns: {
    create: lazyFrom(campaignViews, (m) => m.CampaignCreate),
    edit: lazyFrom(campaignViews, (m) => m.CampaignEdit),
    show: lazyFrom(campaignViews, (m) => m.CampaignShow),
  },
};

/** Loads the hand-written lists' chunks ahead of a click on their menu entries (src/layout/prefetchScreens.ts). */
export const prefetchListOverrides = (): Promise<unknown> =>
  Promise.all([auditLog(), approvals(), orgLists()]);
