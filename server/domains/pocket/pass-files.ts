// A member card's Apple Wallet pass as a file (issue 26): its web card's public view (the same content
// the web card shows, server/domains/pocket/pocket.ts), the brand's logo, a per-download authentication
// token, signed with the operator's certificates. Apart from wallet-passes.ts, which the web card's
// view itself calls (walletOffers), so neither imports the other's module in a circle.

import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { FileStore } from '../../platform/files';
import { linkFor, linkKeys } from './links';
import type { AppleSettings } from './pass-settings';
import { buildApplePass, issuePassToken, loadLogo, passUpdatedAt, webServiceUrl } from './passes';
import { publicCardView } from './pocket';

/**
 * The signed pass of `cardId` and when it last changed, or null when the card is gone. `linkToken`:
 * the web card's token the request came with (else the card's current one); `authenticationToken`:
 * the one the device presented (else a new one is issued and stored hashed).
 */
export const applePassOf = async (
  db: DbOrTx,
  config: Config,
  apple: AppleSettings,
  cardId: number,
  opts: { linkToken?: string; authenticationToken?: string; files?: FileStore },
  now = new Date(),
): Promise<{ file: Buffer; updatedAt: Date } | null> => {
  const keys = linkKeys(config);
  const linkToken = opts.linkToken ?? (await linkFor(db, keys, 'CARD', cardId)).token;
  const view = await publicCardView(db, keys, cardId, linkToken);
  if (!view) return null;
  const authenticationToken = opts.authenticationToken ?? (await issuePassToken(db, cardId, now));
  const link = await linkFor(db, keys, 'CARD', cardId);
  const file = buildApplePass(apple, {
    cardId,
    view,
    webCardUrl: link.url,
    authenticationToken,
    webServiceURL: webServiceUrl(config),
    logo: await loadLogo(view.brand.logo, opts.files),
  });
  return { file, updatedAt: (await passUpdatedAt(db, cardId)) ?? now };
};
