// The composition root's wiring of what follows an operation (server/platform/events.ts): the member's
// standing and level first, then the pocket's links and pass notices. Every entry point that runs
// operations (the app, the demo seed, a bench) calls `wireAllReactions` before the first one.
import { campaignReactions } from './domains/campaigns/reactions';
import { memberReactions } from './domains/members/reactions';
import { pocketReactions } from './domains/pocket/reactions';
import { wireReactions } from './platform/events';

export const wireAllReactions = (): void =>
  wireReactions([memberReactions, pocketReactions, campaignReactions]);
