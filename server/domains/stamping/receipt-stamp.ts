// Stamping a card from a receipt's QR code (issue 42; docs/api.md "Receipt QR"): the counter scans the
// QR the till printed (contract/stamping.ts parseReceiptQr: store, receipt number, amount); the receipt
// network vouches for it first, outside the transaction (server/platform/partners/receipt-network.ts);
// then one ordinary stamping at the receipt's store records the receipt number and its amount. A
// receipt stamps once: one already stamped at its store (even voided since) answers 6750.
import { parseReceiptQr, type ReceiptQr, type ReceiptStampBody } from '../../../contract/stamping';
import type { DbOrTx } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { ReceiptNetwork } from '../../platform/partners/receipt-network';
import type { Caller } from '../../resources/principal';
import { recordRefusedStamping, type StampInput, stampCardOnce } from './stamp';
import { fail } from './stamping';

/** The receipt in `qr`, or code 2 naming the field. */
export const receiptOf = (qr: string): ReceiptQr => {
  const receipt = parseReceiptQr(qr);
  if (!receipt)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'qr', message: 'is not a receipt QR code (LRQ1|store|receipt number|amount)' },
    ]);
  return receipt;
};

/** Before the transaction: the receipt read and vouched for. */
export const prepareReceiptStamp = async (
  network: ReceiptNetwork,
  body: ReceiptStampBody,
): Promise<ReceiptQr> => {
  const receipt = receiptOf(body.qr);
  await network.verify(receipt);
  return receipt;
};

const stampInputOf = (receipt: ReceiptQr, body: ReceiptStampBody): StampInput => ({
  stamps: body.stamps ?? 1,
  storeId: receipt.storeId,
  receiptNo: receipt.receiptNo,
  amount: receipt.amount,
  ...(body.pin === undefined ? {} : { pin: body.pin }),
  ...(body.expectedStamps === undefined ? {} : { expectedStamps: body.expectedStamps }),
});

/** The stamping itself: a receipt stamped before at its store is 6750, not 26630. */
export const stampFromReceipt = async (
  tx: DbOrTx,
  caller: Caller,
  cardId: number,
  receipt: ReceiptQr,
  body: ReceiptStampBody,
) => {
  try {
    return await stampCardOnce(tx, caller, cardId, stampInputOf(receipt, body));
  } catch (e) {
    if (e instanceof AppError && e.errorName === 'DUPLICATE_RECEIPT_NUMBER')
      throw fail(
        'QR_ALREADY_PROCESSED',
        'qr',
        `receipt ${receipt.receiptNo} was already stamped at this store`,
      );
    throw e;
  }
};

/** A refused receipt stamping is recorded as any refused stamping, when its QR could be read. */
export const recordRefusedReceiptStamp = async (
  db: DbOrTx,
  caller: Caller,
  cardId: number,
  body: ReceiptStampBody,
  error: AppError,
): Promise<void> => {
  const receipt = parseReceiptQr(body.qr);
  if (receipt) await recordRefusedStamping(db, caller, cardId, stampInputOf(receipt, body), error);
};
