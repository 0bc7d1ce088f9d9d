// The payment service's finance calls as the portal makes them (contract/finance.ts, docs/api.md
// "Finance"). Money-moving calls go out with an Idempotency-Key, so a double click tops up once.
import type { PaymentMethod } from '../../../contract/enums';
import {
  FINANCE_PATHS,
  type SavedPaymentMethod,
  type SetupIntentAnswer,
  type StripeConfigAnswer,
  type StripeConnectAnswer,
  type StripeConnectLink,
  type TopUpAnswer,
  type WalletAnswer,
} from '../../../contract/finance';
import { IDEMPOTENCY_KEY_HEADER, pathId } from '../../components/operations/api';
import type { HttpClient } from '../../providers/httpClient';

const PAYMENT = { service: 'payment' } as const;

export interface LedgerRow {
  id: number;
  type: string;
  amount: number;
  balanceAfter: number;
  reference: string;
  createTime: string;
}

export interface PaymentRow {
  id: number;
  amount: number;
  currency: string;
  paymentMethod: PaymentMethod;
  state: string;
  failureMessage?: string | null;
  createTime: string;
}

export const fetchWallet = async (http: HttpClient) =>
  (await http<WalletAnswer>(FINANCE_PATHS.wallet, PAYMENT)).data;

export const fetchMovements = async (http: HttpClient, size = 5) =>
  (
    await http<LedgerRow[]>(FINANCE_PATHS.walletTransactions, {
      ...PAYMENT,
      noCount: true,
      query: { page: 0, size, sort: 'createTime,desc' },
    })
  ).data;

export const fetchPayments = async (http: HttpClient, size = 5) =>
  (
    await http<PaymentRow[]>(FINANCE_PATHS.paymentHistory, {
      ...PAYMENT,
      noCount: true,
      query: { page: 0, size, sort: 'createTime,desc' },
    })
  ).data;

export const fetchPayment = async (http: HttpClient, id: number) =>
  (await http<PaymentRow>(`${FINANCE_PATHS.paymentHistory}/${pathId(id)}`, PAYMENT)).data;

export const topUp = async (
  http: HttpClient,
  body: { amount: number; paymentMethod: PaymentMethod; paymentMethodId?: number },
  key: string,
) =>
  (
    await http<TopUpAnswer>(FINANCE_PATHS.topUps, {
      ...PAYMENT,
      method: 'POST',
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    })
  ).data;

export const fetchCards = async (http: HttpClient) =>
  (await http<SavedPaymentMethod[]>(FINANCE_PATHS.paymentMethods, PAYMENT)).data;

export const makeDefaultCard = async (http: HttpClient, id: number, key: string) =>
  (
    await http<SavedPaymentMethod>(`${FINANCE_PATHS.paymentMethods}/${pathId(id)}/default`, {
      ...PAYMENT,
      method: 'POST',
      body: {},
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    })
  ).data;

export const deleteCard = async (http: HttpClient, id: number) => {
  await http(`${FINANCE_PATHS.paymentMethods}/${pathId(id)}`, { ...PAYMENT, method: 'DELETE' });
};

export const startCardSetup = async (http: HttpClient, key: string) =>
  (
    await http<SetupIntentAnswer>(FINANCE_PATHS.paymentMethods, {
      ...PAYMENT,
      method: 'POST',
      body: {},
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    })
  ).data;

export const syncCardSetup = async (http: HttpClient, setupIntentId: string, key: string) =>
  (
    await http<SavedPaymentMethod>(FINANCE_PATHS.paymentMethodsSync, {
      ...PAYMENT,
      method: 'POST',
      body: { setupIntentId },
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    })
  ).data;

export const fetchStripeConfig = async (http: HttpClient) =>
  (await http<StripeConfigAnswer>(FINANCE_PATHS.stripeConfig, PAYMENT)).data;

export const fetchConnect = async (http: HttpClient) =>
  (await http<StripeConnectAnswer>(FINANCE_PATHS.stripeConnect, PAYMENT)).data;

export const startConnect = async (http: HttpClient, key: string) =>
  (
    await http<StripeConnectLink>(FINANCE_PATHS.stripeConnect, {
      ...PAYMENT,
      method: 'POST',
      body: {},
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    })
  ).data;

/** An amount in the wallet's currency, e.g. "SGD 1,250.50" (the code: "$" is ambiguous here). */
export { formatMoney } from '../../../contract/format';
