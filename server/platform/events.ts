// What follows an operation (docs/architecture.md "Events"). An operation says what happened with
// `emit(tx, event)` inside its own transaction; the domains that react to it (the member's standing
// and level, the pocket links of rows just born, the wallet-pass notices of cards that changed) are
// handed to `wireReactions` once by the composition root (server/reactions.ts). So stamping, vouchers
// and imports import none of them, and every reaction still commits or rolls back with the operation.
// Webhook events are a separate, stored record (server/domains/webhooks): they leave the process.
import type { LevelMoveReason } from '../../contract/enums';
import type { DbOrTx } from './audit';

/** A row just written whose company is known: what a link is made for. */
export interface BornRow {
  id: number;
  companyId: unknown;
}

/** A member's holdings at a company changed without an activity a level counts (issue, gift, expiry). */
interface HoldingsChanged {
  companyId: number | null;
  /** the members whose holdings changed (nulls are skipped) */
  memberMobiles: readonly (string | null)[];
  at: Date;
}

/**
 * What an activity added, when it only added (a stamping, a redemption): the member's standing then
 * adds it to what it holds instead of working everything out again (server/domains/members/standing.ts).
 */
export type ActivityAdded =
  | { stamping: { transactionId: number; completes: boolean } }
  | { redemption: { voucherId: number } };

/** An activity a level counts (a stamping, its void, a redemption or its undoing). */
interface Activity {
  companyId: number | null;
  memberMobile: string | null;
  reason: LevelMoveReason;
  at: Date;
  /** set by a stamping and a redemption; a void or an undoing takes something back: not set */
  added?: ActivityAdded;
}

/** The events an operation emits, by type. */
export interface OperationEvents {
  /** member cards were issued (one by the counter, many by an import) */
  'card.issued': HoldingsChanged & { cards: readonly BornRow[] };
  /** a card was stamped or its stamping voided */
  'card.activity': Activity & {
    cardId: number;
    /** a stamping on a card that had no stamps (what qualifies a referred friend) */
    first?: boolean;
  };
  /** cards' content changed without an activity (the expiry job) */
  'card.changed': { cardIds: readonly number[]; at: Date };
  /** vouchers were issued */
  'voucher.issued': HoldingsChanged & { vouchers: readonly BornRow[] };
  /** a voucher was redeemed or its redemption voided */
  'voucher.activity': Activity;
  /** vouchers changed hands or ended (donated, expired) */
  'voucher.holdings': HoldingsChanged;
  /** members were added to a company by an import, holding nothing yet */
  'member.added': HoldingsChanged;
}

export type OperationEventType = keyof OperationEvents;

/** One domain's reactions: a handler per event type it follows, run in the operation's transaction. */
export type Reactions = {
  readonly [T in OperationEventType]?: (tx: DbOrTx, event: OperationEvents[T]) => Promise<void>;
};

let wired: readonly Reactions[] | null = null;

/** Hands every domain's reactions to the events, in the order they run. The composition root calls it. */
export const wireReactions = (reactions: readonly Reactions[]): void => {
  wired = reactions;
};

/**
 * Tells `event` to every reaction wired for its type, in the operation's transaction, all at once:
 * reactions are independent of each other (no one reads what another writes), so their statements
 * are sent together (docs/architecture.md "Statements sent together": one round trip on PostgreSQL,
 * run in the order sent on both databases). An operation run before the composition root wired them is
 * a programming error, said loudly: a silent no-op would leave standings and links behind.
 */
export const emit = async <T extends OperationEventType>(
  tx: DbOrTx,
  type: T,
  event: OperationEvents[T],
): Promise<void> => {
  if (wired === null)
    throw new Error(`event ${type} emitted before the reactions were wired (server/reactions.ts)`);
  await Promise.all(wired.map((reactions) => reactions[type]?.(tx, event)));
};
