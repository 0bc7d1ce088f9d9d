// What a campaign would do and what it did (issue 43, docs/api.md "Campaigns"): the preview of an unsaved
// campaign (POST /campaigns/preview) and a campaign's results against its holdout share (GET
// /campaigns/{id}/results). Read by the server's routes and the portal's campaign screens.

/**
 * What a preview counts: members now (a segment), members who joined in the last 30 days (as many as
 * a WELCOME would greet in a month), birthdays in the next 30 days, or the programme's stampings of the
 * last 30 days that fall in the window (MULTIPLIER, BONUS).
 */
export const PREVIEW_BASES = [
  'MEMBERS_NOW',
  'NEW_MEMBERS_LAST_30_DAYS',
  'BIRTHDAYS_NEXT_30_DAYS',
  'STAMPINGS_LAST_30_DAYS',
] as const;
export type PreviewBasis = (typeof PREVIEW_BASES)[number];

/** How many days back (stampings, new members) or ahead (birthdays) a preview looks. */
export const PREVIEW_DAYS = 30;

/** POST /campaigns/preview: who would qualify and what it would cost, before it is saved. */
export interface CampaignPreview {
  basis: PreviewBasis;
  /** the members it would reach on that basis (before the holdout) */
  members: number;
  /** of them, about how many its holdout share keeps out */
  heldOut: number;
  /** stamping kinds: the stampings it would have added stamps to */
  stampings: number;
  /** what it would give, within its budget: vouchers, or stamps added */
  rewards: number;
  /** the vouchers' value, decimal text; stamping kinds: the reward vouchers the added stamps come to */
  value: string;
  /** what the wallet would pay for the vouchers (the pack's price each), decimal text */
  charge: string;
}

/** One side of a campaign's comparison: members, and their visits and redemptions since they were counted. */
export interface CampaignGroup {
  members: number;
  /** SUCCESS stampings at the company since each member's reward (or holdout) */
  visits: number;
  /** vouchers of the company they redeemed since then */
  redemptions: number;
  /** per member, two decimals (null: no members) */
  visitsPerMember: number | null;
  redemptionsPerMember: number | null;
}

/** GET /campaigns/{id}/results */
export interface CampaignResults {
  /** rewards given: stamps added (stamping kinds) or vouchers, and their value (decimal text) */
  rewardsGiven: number;
  moneySpent: string;
  /** rewards that could not be given (the wallet short, the pack sold out, a budget spent) */
  failed: number;
  rewarded: CampaignGroup;
  heldOut: CampaignGroup;
  /** per member, rewarded ÷ held out − 1 (0.25: a quarter more); null without both groups */
  lift: { visits: number | null; redemptions: number | null };
}
