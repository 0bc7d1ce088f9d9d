// How the member's pocket follows the operations (server/platform/events.ts): every card and voucher
// has its web link from birth, and a card whose content changed tells the devices holding its wallet
// pass. Both in the operation's transaction (the notices are sent after commit by their job).
import type { Reactions } from '../../platform/events';
import { linksAtBirth } from './links';
import { passCardsChanged } from './pass-notifier';

export const pocketReactions: Reactions = {
  'card.issued': (tx, e) => linksAtBirth(tx, 'CARD', e.cards),
  'voucher.issued': (tx, e) => linksAtBirth(tx, 'VOUCHER', e.vouchers),
  'card.activity': (tx, e) => passCardsChanged(tx, [e.cardId], e.at),
  'card.changed': (tx, e) => passCardsChanged(tx, e.cardIds, e.at),
};
