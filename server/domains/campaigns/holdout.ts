// A campaign's holdout share (issue 43, docs/decisions.md "Campaigns"): the members it keeps out, to
// compare against those it rewarded. Who is in it is a fixed hash of the campaign and the member, so a
// member is in or out for the whole campaign, in every period, on either database.
import { type SQL, sql } from 'drizzle-orm';

/** The period a stamping campaign's held-out member is recorded under, once. */
export const HOLDOUT_PERIOD = 'HOLDOUT';

/** SQL true when `mobile` falls in the campaign's holdout share (`holdoutPercent` of 100 buckets). */
export const heldOut = (campaignId: SQL, holdoutPercent: SQL, mobile: SQL | string): SQL =>
  sql`(abs(hashtext(${campaignId}::text || ':' || ${mobile})) % 100) < ${holdoutPercent}`;
