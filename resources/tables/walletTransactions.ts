import { TRANSACTION_TYPES } from '../../contract/enums';
import { MERCHANT_READ_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * The merchant company's wallet ledger (docs/operations.md "Wallet and payments"): one row per movement,
 * signed (a top-up adds, issuing member cards and vouchers takes), with the balance after it. Written
 * by the wallet service inside the operation that moves the money, never edited: the balance is the
 * sum of these rows. Finance: merchants only.
 */
export const walletTransactions = {
  name: 'walletTransactions',
  service: 'payment',
  path: '/wallet/transactions',
  route: '/finance/wallet/txn/history',
  title: 'common.screens.wallet_txn_history',
  permission: 'walletTransaction',
  access: MERCHANT_READ_ONLY_ACCESS,
  ledger: true,
  scope: 'company',
  recordRepresentation: 'id',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'accountId',
      type: 'reference',
      reference: 'account',
      required: true,
      filter: ['eq'],
      views: ['show'],
    },
    {
      name: 'type',
      type: 'select',
      choices: TRANSACTION_TYPES,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'amount',
      type: 'money',
      required: true,
      filter: ['gte', 'lte'],
      sortable: true,
      help: 'Signed: a top-up adds, issuing cards and vouchers takes',
    },
    { name: 'balanceAfter', type: 'money', required: true, min: 0, sortable: true },
    {
      name: 'reference',
      type: 'text',
      required: true,
      maxLength: 120,
      search: true,
      filter: ['eq'],
      help: 'What moved the money, e.g. "Member card 12" or "Top-up 5"',
    },
    { name: 'paymentId', type: 'reference', reference: 'payments', filter: ['eq'], views: ['show'] },
    { name: 'memberCardId', type: 'reference', reference: 'memberCards', filter: ['eq'], views: ['show'] },
    { name: 'voucherPackId', type: 'reference', reference: 'voucherPacks', filter: ['eq'], views: ['show'] },
  ],
} as const satisfies ResourceDeclaration;
