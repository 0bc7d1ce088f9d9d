// Campaigns (issue 43, docs/decisions.md "Campaigns"): promotions and automations that run the
// programme by themselves. Their kinds, states and conditions, and the pure rules of when a stamping
// campaign applies and how campaigns combine: read by the declaration (resources/tables/campaigns.ts),
// the server's stamping (server/domains/campaigns/), the portal and the demo seed alike.
import { type CampaignKind, WEEKDAYS, type Weekday } from './enums';
import { centsOf } from './finance';

/** The kinds that add stamps to a stamping (their programme is required). */
export const STAMPING_CAMPAIGN_KINDS = ['MULTIPLIER', 'BONUS'] as const satisfies readonly CampaignKind[];

/** The kinds that give a voucher from a pack (the pack is required). */
export const VOUCHER_CAMPAIGN_KINDS = [
  'WELCOME',
  'WIN_BACK',
  'BIRTHDAY',
  'REFERRAL',
] as const satisfies readonly CampaignKind[];

/** The most a multiplier multiplies by, and the most stamps a bonus adds. */
export const MAX_CAMPAIGN_MULTIPLIER = 10;
export const MAX_BONUS_STAMPS = 20;

/** A stamping campaign as the stamping reads it (money as decimal text). */
export interface StampingCampaign {
  id: number;
  name: string;
  kind: CampaignKind;
  multiplier: number | null;
  bonusStamps: number | null;
  bonusCondition: string | null;
  minAmount: string | null;
  daysOfWeek: unknown;
  hourFrom: number | null;
  hourTo: number | null;
  storeIds: unknown;
  createTime: string;
}

/** Where and when a stamping happens, in the company's calendar. */
export interface StampingMoment {
  storeId: number;
  /** ISO weekday, 1 Monday … 7 Sunday */
  weekday: number;
  /** 0 … 23 */
  hour: number;
}

/** The ids of a campaign's `storeIds` (a JSON list of ids); empty: every store. */
const storeIdsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id)) : [];

/** The weekdays of a campaign's `daysOfWeek` (a JSON list of WEEKDAYS); empty: every day. */
export const weekdaysOf = (value: unknown): Weekday[] =>
  Array.isArray(value) ? WEEKDAYS.filter((day) => value.includes(day)) : [];

/**
 * Is `moment` inside a campaign's window of days, hours and stores? (Its dates and state are the
 * database's to check.) Hours are `hourFrom` ≤ hour < `hourTo` in the company's zone; a window past
 * midnight (22 → 2) wraps.
 */
export const withinWindow = (campaign: StampingCampaign, moment: StampingMoment): boolean => {
  const stores = storeIdsOf(campaign.storeIds);
  if (stores.length > 0 && !stores.includes(moment.storeId)) return false;
  const days = weekdaysOf(campaign.daysOfWeek);
  if (days.length > 0 && !days.includes(WEEKDAYS[moment.weekday - 1] as Weekday)) return false;
  const from = campaign.hourFrom ?? 0;
  const to = campaign.hourTo ?? 24;
  if (from === to) return true;
  return from < to ? moment.hour >= from && moment.hour < to : moment.hour >= from || moment.hour < to;
};

/** What a stamping knows when it asks whether a BONUS campaign's condition holds. */
export interface BonusFacts {
  /** the member had a SUCCESS stamping of this programme earlier today (the company's day) */
  visitedToday: boolean;
  /** the receipt's amount, decimal text (a stamping from a receipt); absent: none */
  amount?: string | undefined;
}

/** Does a BONUS campaign's condition hold for a stamping? */
export const bonusConditionHolds = (campaign: StampingCampaign, facts: BonusFacts): boolean => {
  if (campaign.bonusCondition === 'FIRST_VISIT_OF_DAY') return !facts.visitedToday;
  if (campaign.bonusCondition === 'RECEIPT_OVER') {
    const amount = centsOf(facts.amount ?? null);
    const least = centsOf(campaign.minAmount);
    return amount !== null && least !== null && amount >= least;
  }
  return false;
};

/** The stamps one campaign wants to add to a stamping of `base` stamps. */
export interface CampaignBoost {
  campaignId: number;
  name: string;
  kind: CampaignKind;
  /** stamps it wants to add before budgets, limits and the card's room cut it */
  stamps: number;
}

const earlier = (a: StampingCampaign, b: StampingCampaign): number =>
  a.createTime === b.createTime ? a.id - b.id : a.createTime < b.createTime ? -1 : 1;

/**
 * The rules of combination (docs/decisions.md "Campaigns"), for the stamping campaigns that apply
 * (their window holds, their condition holds): one MULTIPLIER at most, the highest (a tie: the one
 * made first), adding `base × (multiplier − 1)`; every BONUS adds its stamps on top, none of them
 * multiplied. In that order: the multiplier first, then bonuses as they were made. The caller then
 * cuts each to its budget, its per-member limit and the room left on the card, in the same order.
 */
export const combineBoosts = (base: number, applying: readonly StampingCampaign[]): CampaignBoost[] => {
  const multipliers = applying
    .filter((c) => c.kind === 'MULTIPLIER' && (c.multiplier ?? 1) > 1)
    .sort((a, b) => (b.multiplier ?? 1) - (a.multiplier ?? 1) || earlier(a, b));
  const winner = multipliers[0];
  const boosts: CampaignBoost[] = winner
    ? [
        {
          campaignId: winner.id,
          name: winner.name,
          kind: winner.kind,
          stamps: base * ((winner.multiplier ?? 1) - 1),
        },
      ]
    : [];
  for (const bonus of applying.filter((c) => c.kind === 'BONUS' && (c.bonusStamps ?? 0) > 0).sort(earlier))
    boosts.push({ campaignId: bonus.id, name: bonus.name, kind: bonus.kind, stamps: bonus.bonusStamps ?? 0 });
  return boosts;
};

/** What a stamping answers of the campaigns that added stamps to it (StampResult.campaigns). */
export interface StampCampaignShare {
  id: number;
  name: string;
  kind: CampaignKind;
  /** the stamps it added (already in the stamping's `stamps`) */
  stamps: number;
}

/** The period a campaign that gives once per member and period gives for (campaign_rewards.period). */
export const WELCOME_PERIOD = 'WELCOME';

/** Days from `from` to `to` (YYYY-MM-DD, calendar days, no time zone). */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A WIN_BACK campaign's period on `day` (the company's): the campaign's days since its first day, cut
 * into windows of `periodDays`; a member gets it once in each window ('W0', 'W1' …).
 */
export const winBackPeriod = (startDay: string, day: string, periodDays: number): string =>
  `W${Math.max(0, Math.floor(daysBetween(startDay, day) / Math.max(1, periodDays)))}`;

/** Is `day` (YYYY-MM-DD) the birthday `birthday` (YYYY-MM-DD)? 29 February is kept on 28 February in other years. */
export const isBirthdayOn = (birthday: string, day: string): boolean => {
  const monthDay = birthday.slice(5, 10);
  if (monthDay === day.slice(5, 10)) return true;
  const year = Number(day.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === '02-29' && !leap && day.slice(5, 10) === '02-28';
};

/**
 * A birthday as a member gives it (a poster join, a members file): a real day, YYYY-MM-DD, in the
 * past and at most 130 years back. Answers it, or why not.
 */
export const parseBirthday = (text: string, today: string): { birthday: string } | { error: string } => {
  const value = text.trim();
  const at = Date.parse(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(at) ||
    new Date(at).toISOString().slice(0, 10) !== value
  )
    return { error: 'the birthday is not a day (YYYY-MM-DD)' };
  if (value > today) return { error: 'the birthday is in the future' };
  if (Number(value.slice(0, 4)) < Number(today.slice(0, 4)) - 130)
    return { error: 'the birthday is too long ago' };
  return { birthday: value };
};

/** The fields every campaign's form shows, whatever its kind. */
export const CAMPAIGN_COMMON_FIELDS = [
  'name',
  'kind',
  'description',
  'startAt',
  'endAt',
  'budgetRewards',
  'perMemberLimit',
] as const;

const WINDOW_FIELDS = ['daysOfWeek', 'hourFrom', 'hourTo', 'storeIds'] as const;
const VOUCHER_FIELDS = ['voucherPackId', 'budgetMoney', 'message'] as const;

/** The fields a campaign of each kind uses besides the common ones: its form shows those only. */
/**
 * The fields a campaign of each kind uses besides the common ones: its form shows those only. A
 * REFERRAL has no holdout share: its reward is promised on the member's web card before the friend
 * comes, and a promise is kept (docs/decisions.md "Campaigns").
 */
export const CAMPAIGN_KIND_FIELDS: Readonly<Record<CampaignKind, readonly string[]>> = {
  MULTIPLIER: ['stampCardId', 'multiplier', ...WINDOW_FIELDS, 'holdoutPercent'],
  BONUS: ['stampCardId', 'bonusCondition', 'bonusStamps', 'minAmount', ...WINDOW_FIELDS, 'holdoutPercent'],
  WELCOME: [...VOUCHER_FIELDS, 'holdoutPercent'],
  WIN_BACK: ['segmentId', 'periodDays', ...VOUCHER_FIELDS, 'holdoutPercent'],
  BIRTHDAY: [...VOUCHER_FIELDS, 'holdoutPercent'],
  REFERRAL: VOUCHER_FIELDS,
};

/** Does a campaign of `kind` keep a holdout share (REFERRAL does not: its reward is promised)? */
export const keepsHoldout = (kind: CampaignKind): boolean =>
  CAMPAIGN_KIND_FIELDS[kind].includes('holdoutPercent');

/**
 * The periods of a REFERRAL's two rewards (campaign_rewards.period): the friend's, once per campaign;
 * the referrer's, once per friend (their `perMemberLimit` caps how many friends pay).
 */
export const REFERRED_PERIOD = 'REFERRED';
export const referrerPeriod = (friendMobile: string): string => `FRIEND:${friendMobile}`;
