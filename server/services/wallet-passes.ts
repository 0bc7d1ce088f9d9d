// Wallet passes of a member card (issue 26 item 2): which "Add to Apple Wallet" and "Save to Google
// Wallet" buttons its web card offers. Without the operator's certificates and keys, none.
import type { DbOrTx } from './audit';
import type { LinkKeys } from './pocket-links';

export interface WalletOffers {
  applePassUrl: string | null;
  googleSaveUrl: string | null;
}

/** The wallet buttons of the member card `cardId`'s web card (reached by `token`). */
export const walletOffers = async (
  _db: DbOrTx,
  _keys: LinkKeys,
  _cardId: number,
  _token: string,
): Promise<WalletOffers> => ({ applePassUrl: null, googleSaveUrl: null });
