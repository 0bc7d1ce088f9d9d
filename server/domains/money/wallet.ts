// The merchant company's wallet (docs/operations.md "Wallet and payments"): one `account` row per company
// holding the balance, and its append-only ledger `wallet_transactions`. Money moves only here, inside
// the caller's transaction (the operation that causes it: a top-up, issuing cards or vouchers):
// - a debit is ONE conditional UPDATE (`balance = balance - x WHERE balance >= x`), so a thousand
//   racing charges serialise on the row lock and never overdraw; no row updated → 5101;
// - the ledger row takes the balance the UPDATE returned, so `balanceAfter` follows the order the
//   database applied them and the balance always equals the sum of the ledger;
// - amounts are decimal strings computed in SQL `numeric`, never JavaScript floating point;
// - a CHECK (balance >= 0) on the table is the last guard.
import { and, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY } from '../../../contract/constants';
import type { TransactionType } from '../../../contract/enums';
import type { CompanyWallet } from '../../../contract/finance';
import { formatMoney } from '../../../contract/format';
import type { DbOrTx } from '../../platform/audit';
import { defaultCurrencyOf } from '../../platform/countries';
import { prepared, preparedInsertReturning } from '../../platform/db/prepared';
import { account, company, countryConfig, walletTransactions } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/** A company's wallet (its `account` row) as the driver answers it, typed by value from its table. */
export type WalletRow = typeof account.$inferSelect;

/** A money amount from the wire (a JSON number with at most two decimals) as an exact decimal string. */
export const moneyString = (amount: number): string => {
  const fixed = amount.toFixed(2);
  if (!Number.isFinite(amount) || Number(fixed) !== amount)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'amount', message: 'must be an amount with at most two decimals' },
    ]);
  return fixed;
};

/** The currency and free top-up switch of a company's country (country config, else the shipped default). */
export const countryTermsOf = async (
  db: DbOrTx,
  companyId: number,
): Promise<{ country: string; currency: string; freeTopUp: boolean }> => {
  const [row] = await db
    .select({
      country: company.country,
      currency: countryConfig.currency,
      freeTopUp: countryConfig.freeTopUp,
    })
    .from(company)
    .leftJoin(countryConfig, eq(countryConfig.country, sql`coalesce(${company.country}, ${DEFAULT_COUNTRY})`))
    .where(eq(company.id, companyId))
    .limit(1);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  const country = (row.country as string | null) ?? DEFAULT_COUNTRY;
  return {
    country,
    currency: row.currency ?? defaultCurrencyOf(country),
    freeTopUp: row.freeTopUp ?? false,
  };
};

const selectWallet = {
  id: account.id,
  companyId: account.companyId,
  accountNo: account.accountNo,
  balance: account.balance,
  currency: account.currency,
  stripeCustomerId: account.stripeCustomerId,
  lastTopUpAt: account.lastTopUpAt,
};

/** The time of the company's last wallet movement (null: none yet), read from the ledger's (company, time) index. */
export const lastMovementAt = async (db: DbOrTx, companyId: number): Promise<Date | null> => {
  const [last] = await db
    .select({ at: walletTransactions.createTime })
    .from(walletTransactions)
    .where(eq(walletTransactions.companyId, companyId))
    .orderBy(desc(walletTransactions.createTime))
    .limit(1);
  return (last?.at as Date | undefined) ?? null;
};

/** The company's wallet, opened (balance 0, the country's currency) on first use; racing opens make one. */
/** A company's wallet: built once (every issue, top-up and charge reads it). */
const walletStatement = prepared('wallet_of_company', (db) =>
  db
    .select(selectWallet)
    .from(account)
    .where(eq(account.companyId, sql.placeholder('companyId')))
    .limit(1),
);

export const walletOf = async (db: DbOrTx, companyId: number): Promise<WalletRow> => {
  const [found] = await walletStatement(db, { companyId });
  if (found) return found as WalletRow;
  const { currency } = await countryTermsOf(db, companyId);
  await db
    .insert(account)
    .values({
      companyId,
      accountNo: `W-${String(companyId).padStart(6, '0')}`,
      name: 'Main wallet',
      balance: 0,
      currency,
      state: 'ACTIVE',
    })
    .onConflictDoNothing();
  const [row] = await db.select(selectWallet).from(account).where(eq(account.companyId, companyId)).limit(1);
  if (!row) throw new Error('wallet vanished after opening');
  return row as WalletRow;
};

export interface Movement {
  type: TransactionType;
  /** what moved the money, shown in the ledger: "Member card 12", "Top-up 5" */
  reference: string;
  paymentId?: number;
  memberCardId?: number;
  voucherPackId?: number;
  at?: Date;
}

const LEDGER_KEYS = [
  'companyId',
  'accountId',
  'type',
  'amount',
  'balanceAfter',
  'reference',
  'paymentId',
  'memberCardId',
  'voucherPackId',
] as const;
/** A ledger row, prepared once: without a time of its own (now), and with one. */
const insertLedger = preparedInsertReturning('wallet_ledger_insert', walletTransactions, LEDGER_KEYS);
const insertLedgerAt = preparedInsertReturning('wallet_ledger_insert_at', walletTransactions, [
  ...LEDGER_KEYS,
  'createTime',
  'updateTime',
]);

/** The debit: only when the balance covers it; answers the balance after (none: it does not). */
const debitStatement = prepared('wallet_debit', (db) =>
  db
    .update(account)
    .set({
      balance: sql`${account.balance} - ${sql.placeholder('amount')}::numeric`,
      updateTime: sql`${sql.placeholder('now')}`,
    })
    .where(
      and(
        eq(account.id, sql.placeholder('id')),
        sql`${account.balance} >= ${sql.placeholder('amount')}::numeric`,
      ),
    )
    .returning({ balance: sql<string>`${account.balance}::text` }),
);

/** The credit; a top-up's time becomes the wallet's last top-up (null leaves it). */
const creditStatement = prepared('wallet_credit', (db) =>
  db
    .update(account)
    .set({
      balance: sql`${account.balance} + ${sql.placeholder('amount')}::numeric`,
      lastTopUpAt: sql`coalesce(${sql.placeholder('lastTopUpAt')}::timestamptz, ${account.lastTopUpAt})`,
      updateTime: sql`${sql.placeholder('now')}`,
    })
    .where(eq(account.id, sql.placeholder('id')))
    .returning({ balance: sql<string>`${account.balance}::text` }),
);

const writeLedger = async (
  tx: DbOrTx,
  wallet: { id: number; companyId: number },
  amount: string,
  balanceAfter: string,
  m: Movement,
) => {
  const entry = {
    companyId: wallet.companyId,
    accountId: wallet.id,
    type: m.type,
    amount,
    balanceAfter,
    reference: m.reference,
    paymentId: m.paymentId ?? null,
    memberCardId: m.memberCardId ?? null,
    voucherPackId: m.voucherPackId ?? null,
  };
  const [row] = m.at
    ? await insertLedgerAt(tx, { ...entry, createTime: m.at, updateTime: m.at })
    : await insertLedger(tx, entry);
  if (!row) throw new Error('ledger insert returned nothing');
  return row;
};

/**
 * Takes `amount` (a decimal string, > 0) from the company's wallet: 5101 when the balance does not
 * cover it, and then nothing changed. A zero amount moves nothing and writes no row.
 */
export const debitWallet = async (
  tx: DbOrTx,
  companyId: number,
  amount: string,
  movement: Movement,
): Promise<{ balance: string } | null> => {
  if (Number(amount) === 0) return null;
  const wallet = await walletOf(tx, companyId);
  const [after] = await debitStatement(tx, { id: wallet.id, amount, now: new Date() });
  if (!after) {
    const [now] = await tx
      .select({ balance: sql<string>`${account.balance}::text` })
      .from(account)
      .where(eq(account.id, wallet.id));
    throw new AppError('WALLET_INSUFFICIENT_BALANCE', [
      {
        field: 'balance',
        // one sentence, read on its own (the portal shows it without the field's name)
        message: `The wallet holds ${formatMoney(now?.balance ?? 0, wallet.currency)}; this costs ${formatMoney(amount, wallet.currency)}.`,
      },
    ]);
  }
  await writeLedger(tx, wallet, `-${amount}`, after.balance, movement);
  return after;
};

/** Adds `amount` (a decimal string, > 0) to the company's wallet, with its ledger row. */
export const creditWallet = async (
  tx: DbOrTx,
  companyId: number,
  amount: string,
  movement: Movement,
  /** the company's wallet when the caller read it already in this transaction (its id and currency) */
  read?: Awaited<ReturnType<typeof walletOf>>,
): Promise<{ balance: string; transactionId: number } | null> => {
  if (Number(amount) === 0) return null;
  const wallet = read ?? (await walletOf(tx, companyId));
  const now = new Date();
  const [after] = await creditStatement(tx, {
    id: wallet.id,
    amount,
    // a top-up is the wallet's last top-up; any other credit leaves it
    lastTopUpAt: movement.type === 'TOP_UP_TXN' ? (movement.at ?? now) : null,
    now,
  });
  if (!after) throw new Error('wallet vanished');
  const row = await writeLedger(tx, wallet, amount, after.balance, movement);
  return { balance: after.balance, transactionId: (row as { id: number }).id };
};

/**
 * A company's wallet as it is, read without opening one (an operator's look changes nothing): the
 * balance and currency, the ledger's count and newest time. Null when there is no such company.
 */
export const companyWalletSummary = async (db: DbOrTx, companyId: number): Promise<CompanyWallet | null> => {
  const [found] = await db.select({ state: company.state }).from(company).where(eq(company.id, companyId));
  if (!found) return null;
  const [wallet] = await db
    .select({ balance: sql<string>`${account.balance}::text`, currency: account.currency })
    .from(account)
    .where(eq(account.companyId, companyId));
  const [ledger] = await db
    .select({
      movements: sql<number>`count(*)::int`,
      lastAt: sql<string | null>`max(${walletTransactions.createTime})`,
    })
    .from(walletTransactions)
    .where(eq(walletTransactions.companyId, companyId));
  return {
    companyId,
    companyState: String(found.state),
    balance: wallet?.balance ?? '0.00',
    currency: wallet?.currency ?? (await countryTermsOf(db, companyId)).currency,
    movements: ledger?.movements ?? 0,
    lastMovementAt: ledger?.lastAt ? new Date(ledger.lastAt).toISOString() : null,
  };
};
