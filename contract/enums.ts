// Every enumeration of spec section 3, as const tuples: the value lists are the single source for
// validation schemas (server), select choices (portal) and mocks.

export const USER_TYPES = ['OPERATOR', 'MERCHANT'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ORGANIZATION_LEVELS = ['NULL', 'COMPANY', 'BRAND', 'STORE'] as const;
export type OrganizationLevel = (typeof ORGANIZATION_LEVELS)[number];

/**
 * What a user's or an API key's access reaches (docs/decisions.md "Organization level"), narrowest
 * first: the first of these ids that is set names the level; none set is `NULL` (a merchant not yet in
 * a company, and every operator, who belongs to no company). The database derives its stored
 * `organization_level` columns from this list (server/platform/db/schema/columns.ts).
 */
export const ORGANIZATION_REACH = [
  ['STORE', 'storeId'],
  ['BRAND', 'brandId'],
  ['COMPANY', 'companyId'],
] as const satisfies readonly (readonly [OrganizationLevel, string])[];

export type OrganizationPlace = Partial<
  Record<(typeof ORGANIZATION_REACH)[number][1], number | null | undefined>
>;

export const organizationLevelOf = (place: OrganizationPlace): OrganizationLevel =>
  ORGANIZATION_REACH.find(([, key]) => place[key] !== null && place[key] !== undefined)?.[0] ?? 'NULL';

export const SIGNUP_STATES = ['SUBMITTED', 'APPROVAL'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/** The two-value user state one variant of the product uses (activation only). */
export const SIMPLE_USER_STATES = ['WAIT_EMAIL_ACTIVE', 'ENABLE'] as const;
export type SimpleUserState = (typeof SIMPLE_USER_STATES)[number];

export const USER_STATES = ['ENABLE', 'DISABLE', 'LOCK', 'DELETE', 'WAIT_EMAIL_ACTIVE'] as const;
export type UserState = (typeof USER_STATES)[number];
/** States in which a user may not sign in, refresh or activate (error 26201). */
export const BLOCKED_USER_STATES = [
  'DISABLE',
  'LOCK',
  'DELETE',
  'WAIT_EMAIL_ACTIVE',
] as const satisfies readonly UserState[];

export const REQUEST_KINDS = ['MERCHANT_SIGNUP', 'ADD_BRAND', 'ADD_STORE'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Company, brand and store states. */
export const ORG_STATES = ['BLANK', 'SUBMITTED', 'ACTIVE', 'DISABLED', 'DELETE'] as const;
export type OrgState = (typeof ORG_STATES)[number];
/**
 * A company, brand or store in one of these is closed: nothing acts for it (sign-in, tokens, API keys,
 * devices, webhooks, schedules, imports, top-ups, web cards, joins) until it is ACTIVE again.
 */
export const CLOSED_ORG_STATES = ['DISABLED', 'DELETE'] as const satisfies readonly OrgState[];

export const TWO_VALUE_STATES = ['ACTIVE', 'DISABLED'] as const;
export type TwoValueState = (typeof TWO_VALUE_STATES)[number];

export const THREE_VALUE_STATES = ['ACTIVE', 'DISABLED', 'DELETE'] as const;
export type ThreeValueState = (typeof THREE_VALUE_STATES)[number];

/** Numeric stamp card state: the index is the stored value (0 AVAILABLE, 1 COMPLETED, 2 EXPIRED). */
export const STAMP_CARD_STATES = ['AVAILABLE', 'COMPLETED', 'EXPIRED'] as const;
export type StampCardStateName = (typeof STAMP_CARD_STATES)[number];
export const STAMP_CARD_STATE_VALUES = { AVAILABLE: 0, COMPLETED: 1, EXPIRED: 2 } as const satisfies Record<
  StampCardStateName,
  number
>;

export const VOUCHER_STATES = ['AVAILABLE', 'REDEEMED', 'EXPIRED'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

export const TRANSACTION_RESULTS = ['SUCCESS', 'FAILED', 'VOIDED'] as const;
export type TransactionResult = (typeof TRANSACTION_RESULTS)[number];

/**
 * A fraud signal's state (issue 24): OPEN when the signals job raised it, RESOLVED once an operator
 * or the company's owner (or a colleague with the permission) looked at it and wrote a note.
 */
export const SIGNAL_STATES = ['OPEN', 'RESOLVED'] as const;
export type SignalState = (typeof SIGNAL_STATES)[number];

/**
 * What a fraud signal saw (docs/decisions.md "Fraud signals" has the thresholds): a store stamping far
 * above its own norm, one member stamped at two stores minutes apart, voids clustering on one staff
 * account or device, a device stamping outside its store's opening hours.
 */
export const SIGNAL_KINDS = [
  'STORE_RATE_SPIKE',
  'MEMBER_TWO_STORES',
  'VOID_CLUSTER',
  'OUTSIDE_HOURS',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const VOUCHER_HISTORY_ACTIONS = ['ISSUED', 'REDEEMED', 'EXPIRED', 'VOIDED', 'DONATED'] as const;
export type VoucherHistoryAction = (typeof VOUCHER_HISTORY_ACTIONS)[number];

/** The spec's three filter operators; the contract adds gte and lte (see list-query.ts). */
export const SPEC_FILTER_OPERATORS = ['regex', 'eq', 'in'] as const;

export const APPROVAL_STATES = ['APPROVED', 'PENDING', 'REJECT'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const INVITATION_TYPES = [
  'BLANK',
  'MERCHANT_INVITE_MERCHANT',
  'OPERATOR_INVITE_OPERATOR',
  'OPERATOR_INVITE_MERCHANT',
] as const;
export type InvitationType = (typeof INVITATION_TYPES)[number];

export const DEVICE_STATES = ['ACTIVE', 'DEREGISTERED'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const DEVICE_LIFECYCLE = [
  'APPROVED',
  'REGISTERED',
  'REGISTER_FAILED',
  'DELIVERED',
  'ACTIVE',
  'SPOILT',
  'DEREGISTERED',
] as const;
export type DeviceLifecycle = (typeof DEVICE_LIFECYCLE)[number];

export const TRANSACTION_TYPES = ['STAMP_CARD_TXN', 'VOUCHER_TXN', 'TOP_UP_TXN'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const PAYMENT_METHODS = ['FREE', 'STRIPE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment (a top-up): FREE ones are SUCCEEDED at once, STRIPE ones wait for Stripe's webhook. */
export const PAYMENT_STATES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const EMAIL_ACTION_KINDS = ['activeEmail', 'forgetPwd'] as const;
export type EmailActionKind = (typeof EMAIL_ACTION_KINDS)[number];

export const PUSH_NOTIFICATION_STATES = ['PENDING', 'SCHEDULED', 'COMPLETED', 'FAILED'] as const;
export type PushNotificationState = (typeof PUSH_NOTIFICATION_STATES)[number];

/** The spec's named tables, as resource names. */
export const NAMED_TABLES = [
  'vouchers',
  'voucherPacks',
  'voucherHistory',
  'pushTemplates',
  'push',
  'stampCard',
  'stampsTransaction',
  'industryConfig',
  'account',
  'merchantSignup',
  'brand',
  'company',
  'store',
  'countryConfig',
  'bannerConfig',
  'forceUpdateConfig',
  'stampingHistory',
] as const;
export type NamedTable = (typeof NAMED_TABLES)[number];

export const PERMISSION_ACTIONS = ['VIEW', 'UPDATE', 'ADD'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const SETTING_KEYS = ['STRIPE_ACCOUNT_ID'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const BRANDS = ['cvi', 'jcr'] as const;
export type Brand = (typeof BRANDS)[number];

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

// Product enumerations the spec does not show but the declared tables need (resources/), so that
// every select still takes its choices from contract/.

/** Mobile app platforms a force-update rule targets. */
export const APP_PLATFORMS = ['IOS', 'ANDROID'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/**
 * Who a push notification goes to, resolved when it is sent: every member of the caller's
 * organisation, the members of one brand or one store (holding a card or voucher there), or one
 * member by mobile (docs/operations.md "Push notifications"), or the members of one of the company's
 * segments (a saved members-list filter, issue 25) as they stand when it is sent.
 */
export const PUSH_AUDIENCES = ['ALL_MEMBERS', 'BRAND', 'STORE', 'MEMBER', 'SEGMENT'] as const;
export type PushAudience = (typeof PUSH_AUDIENCES)[number];

/** What became of one member's message: sent, refused by the provider, or every token dropped. */
export const PUSH_DELIVERY_STATES = ['SENT', 'FAILED', 'DROPPED'] as const;
export type PushDeliveryState = (typeof PUSH_DELIVERY_STATES)[number];

/** Where a member's app token comes from. */
export const PUSH_TOKEN_PLATFORMS = ['IOS', 'ANDROID', 'WEB'] as const;
export type PushTokenPlatform = (typeof PUSH_TOKEN_PLATFORMS)[number];

/** System Config's keys (contract/system-config.ts says what reads each). */
export const SYSTEM_SETTING_KEYS = [
  'supportEmail',
  'supportPhone',
  'supportHours',
  'requireTwoFactorOperators',
  'requireTwoFactorMerchants',
] as const;

/**
 * What a company's member levels measure over their rolling window (issue 25, /aotg/config): stamps
 * collected, visits (one per store and company day with a stamping or a redemption: docs/decisions.md
 * "Members"), or stamp cards completed.
 */
export const LEVEL_MEASURES = ['STAMPS', 'VISITS', 'COMPLETED_CARDS'] as const;
export type LevelMeasure = (typeof LEVEL_MEASURES)[number];

/**
 * Why a member's level moved: a stamping, its void or a voucher redemption (or its void: a visit)
 * recomputed it, the nightly job saw the window pass, or the company changed its levels or rule.
 */
export const LEVEL_MOVE_REASONS = ['STAMPING', 'VOID', 'REDEMPTION', 'NIGHTLY', 'RULES_CHANGED'] as const;
export type LevelMoveReason = (typeof LEVEL_MOVE_REASONS)[number];

/** What became of a level's reward for one member: issued once, or refused (a wallet short of money). */
export const LEVEL_REWARD_STATES = ['ISSUED', 'FAILED'] as const;
export type LevelRewardState = (typeof LEVEL_REWARD_STATES)[number];

// ---- campaigns (issue 43; contract/campaigns.ts holds their rules) --------------------------------

/**
 * What a campaign does. MULTIPLIER and BONUS add stamps to a stamping of their programme, inside the
 * stamping; WELCOME, WIN_BACK, BIRTHDAY and REFERRAL give a voucher (and WIN_BACK / BIRTHDAY a push).
 */
export const CAMPAIGN_KINDS = ['MULTIPLIER', 'BONUS', 'WELCOME', 'WIN_BACK', 'BIRTHDAY', 'REFERRAL'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/**
 * DRAFT (edited freely, does nothing) → activate → ACTIVE → pause → PAUSED → activate again; end →
 * ENDED from any of them, for good. A campaign ends by itself at its budget or after its `endAt`.
 */
export const CAMPAIGN_STATES = ['DRAFT', 'ACTIVE', 'PAUSED', 'ENDED'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** When a BONUS campaign adds its stamps. */
export const BONUS_CONDITIONS = ['FIRST_VISIT_OF_DAY', 'RECEIPT_OVER'] as const;
export type BonusCondition = (typeof BONUS_CONDITIONS)[number];

/** The days of a campaign's window, ISO order (Monday first); none listed: every day. */
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Why a campaign ended: someone ended it, its budget ran out, or its window closed. */
export const CAMPAIGN_END_REASONS = ['ENDED_BY_USER', 'BUDGET_REACHED', 'WINDOW_CLOSED'] as const;
export type CampaignEndReason = (typeof CAMPAIGN_END_REASONS)[number];

/**
 * What became of a campaign's reward for one member: GIVEN (VOIDED with the stamping that carried it);
 * HELD_OUT, the member fell in the campaign's holdout share and got nothing, to compare against; FAILED,
 * the voucher could not be issued (the wallet short, the pack sold out, the budget spent), with why.
 */
export const CAMPAIGN_REWARD_STATES = ['GIVEN', 'VOIDED', 'HELD_OUT', 'FAILED'] as const;
export type CampaignRewardState = (typeof CAMPAIGN_REWARD_STATES)[number];

/**
 * A friend's referral (issue 43, REFERRAL campaigns): PENDING from the join through a member's referral
 * link until the friend's first stamping, then QUALIFIED (both rewards are then given by the job runner).
 */
export const REFERRAL_STATES = ['PENDING', 'QUALIFIED'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];
