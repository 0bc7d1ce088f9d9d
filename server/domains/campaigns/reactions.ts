// How campaigns follow the operations (server/platform/events.ts): cards issued welcome the members new
// to the company (voucher-campaigns.ts); a first stamping qualifies a friend's referral (referrals.ts). In the operation's transaction.
import type { Reactions } from '../../platform/events';
import { qualifyReferral } from './referrals';
import { welcomeNewMembers } from './voucher-campaigns';

export const campaignReactions: Reactions = {
  'card.issued': welcomeNewMembers,
  'card.activity': qualifyReferral,
};
