// The receipt network (spec 8, family 4200-4206): the system that vouches for a receipt before the
// counter stamps a card from its QR code (server/domains/stamping/receipt-stamp.ts). A deployment
// names one with RECEIPT_NETWORK_URL; without it the local stand-in trusts the QR as the till printed
// it (the counter's colleague holds the receipt). The network is asked, before any row is locked:
//   POST <RECEIPT_NETWORK_URL>  {"storeId":12,"receiptNo":"R-000123","amount":"12.50"}
//   answers {"valid": true} or {"valid": false, "reason": "..."}
// No answer in time is 4206 (RECEIPT_NETWORK_TIMEOUT); no usable answer, or "not valid", 4200
// (RECEIPT_NETWORK_FAILED) with the network's reason.
import type { ReceiptQr } from '../../../contract/stamping';
import type { Config } from '../config';
import { AppError } from '../errors';
import { PartnerTimeout, postJson } from './post-json';

export interface ReceiptNetwork {
  /** which network answers: `local` (the stand-in) or the configured URL's host */
  name: string;
  /** resolves when the network vouches for the receipt; throws 4200 / 4206 otherwise */
  verify: (receipt: ReceiptQr) => Promise<void>;
}

/** The stand-in: every well-formed receipt is as the till printed it. */
export const localReceiptNetwork: ReceiptNetwork = { name: 'local', verify: async () => undefined };

const refused = (message: string) =>
  new AppError('RECEIPT_NETWORK_FAILED', [{ field: 'qr', message: message.slice(0, 300) }]);

/** The network at `url`, answering within `timeoutMs`. */
export const httpReceiptNetwork = (url: string, timeoutMs: number): ReceiptNetwork => ({
  name: new URL(url).host,
  verify: async (receipt) => {
    let answer: unknown;
    try {
      answer = await postJson(url, receipt, timeoutMs);
    } catch (e) {
      if (e instanceof PartnerTimeout)
        throw new AppError('RECEIPT_NETWORK_TIMEOUT', [{ field: 'qr', message: e.message }]);
      throw refused(`the receipt network failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const verdict = answer as { valid?: unknown; reason?: unknown } | null;
    if (verdict?.valid === true) return;
    if (verdict?.valid === false)
      throw refused(
        `the receipt network does not vouch for this receipt${typeof verdict.reason === 'string' ? `: ${verdict.reason}` : ''}`,
      );
    throw refused('the receipt network answered neither valid nor not valid');
  },
});

/** The network the configuration names, else the stand-in. */
export const receiptNetworkOf = (
  config: Pick<Config, 'receiptNetworkUrl' | 'partnerTimeoutMs'>,
): ReceiptNetwork =>
  config.receiptNetworkUrl
    ? httpReceiptNetwork(config.receiptNetworkUrl, config.partnerTimeoutMs)
    : localReceiptNetwork;
