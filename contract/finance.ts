// The wallet and payment calls of the payment service (docs/operations.md "Wallet and payments",
// docs/api.md "Finance"): their paths, bodies and answers, shared by the server, the portal and the
// mocks. Lists (wallet transactions, payment history) are the generic list calls of their
// declarations (resources/tables/walletTransactions.ts, payments.ts).
import type { PaymentMethod, PaymentState } from './enums';

/** Paths below BASE_PATHS.payment. */
export const FINANCE_PATHS = {
  wallet: '/wallet',
  walletTransactions: '/wallet/transactions',
  topUps: '/wallet/top-ups',
  paymentHistory: '/payment-history',
  paymentMethods: '/payment-methods',
  /** POST {setupIntentId}: saves the card of a confirmed SetupIntent (the webhook does it too) */
  paymentMethodsSync: '/payment-methods/sync',
  stripeConfig: '/stripe/config',
  stripeConnect: '/stripe/connect',
  stripeWebhook: '/stripe/webhook',
  /** GET: an operator's look at a company's wallet, open or closed (issue 40 item 3) */
  companyWallet: '/companies/:id/wallet',
} as const;

/** `GET …/companies/{id}/wallet`: what an operator sees of a company's money. */
export interface CompanyWallet {
  companyId: number;
  companyState: string;
  /** exact decimal */
  balance: string;
  currency: string;
  movements: number;
  lastMovementAt: string | null;
}

// ---- exact money: integer cents, never floating point ---------------------------------------------

const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount with at most two decimals (a JSON number as the wire carries money, or a decimal string as
 * the database answers it) in integer cents; null when it is not one.
 */
export const centsOf = (amount: unknown): bigint | null => {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  if (typeof text !== 'string') return null;
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
};

/** Integer cents as a decimal string with two decimals ('-3.05'). */
export const moneyOfCents = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** `unit × times` of a decimal string with two decimals, exactly (a pack's price × the vouchers issued). */
export const timesMoney = (unit: string, times: number): string => {
  const cents = centsOf(unit);
  if (cents === null || !/^-?\d+\.\d{2}$/.test(unit) || !Number.isInteger(times))
    throw new Error(`not money: ${unit} × ${times}`);
  return moneyOfCents(cents * BigInt(times));
};

/** One top-up may add at most this much (the wallet's currency). */
export const TOP_UP_MAX = 100_000;
/** ... and at least this much. */
export const TOP_UP_MIN = 1;

/** `GET /wallet`: the caller company's balance, the sum of its ledger. */
export interface WalletAnswer {
  balance: number;
  currency: string;
  /** whether the company's country allows FREE top-ups (country config `freeTopUp`) */
  freeTopUp: boolean;
  /** the time of the last movement, null before the first */
  lastMovementAt: string | null;
}

/** `POST /wallet/top-ups` body. */
export interface TopUpBody {
  amount: number;
  paymentMethod: PaymentMethod;
  /** STRIPE only: a saved card (`GET /payment-methods` id); omitted: the default card if any, else a new card through Stripe Elements */
  paymentMethodId?: number;
}

/** `POST /wallet/top-ups` answer: FREE is SUCCEEDED at once, STRIPE is PENDING until Stripe's webhook. */
export interface TopUpAnswer {
  /** the payment's id (`GET /payment-history/{id}`) */
  id: number;
  state: PaymentState;
  amount: number;
  currency: string;
  paymentMethod: PaymentMethod;
  /** STRIPE: the PaymentIntent's client secret for Stripe Elements' confirmPayment/confirmCardPayment */
  clientSecret?: string;
  /** FREE: the balance after the credit */
  balance?: number;
}

/** A saved card (`GET /payment-methods` answers an array of them, the default first). */
export interface SavedPaymentMethod {
  id: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  createTime: string;
}

/** `POST /payment-methods` answer: confirm it with Stripe Elements' confirmSetup, then POST .../sync. */
export interface SetupIntentAnswer {
  setupIntentId: string;
  clientSecret: string;
}

/** `GET /stripe/config`: what the portal needs to load Stripe Elements. */
export interface StripeConfigAnswer {
  /** false when the server has no Stripe keys: STRIPE top-ups and cards answer 6401 then */
  enabled: boolean;
  publishableKey: string | null;
}

export const STRIPE_CONNECT_STATES = ['NOT_CONNECTED', 'PENDING', 'CONNECTED'] as const;
export type StripeConnectState = (typeof STRIPE_CONNECT_STATES)[number];

/** `GET /stripe/connect`: the company's Stripe account (its id is the STRIPE_ACCOUNT_ID setting). */
export interface StripeConnectAnswer {
  accountId: string | null;
  state: StripeConnectState;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** `POST /stripe/connect` answer: the onboarding link to open. */
export interface StripeConnectLink {
  accountId: string;
  url: string;
}
