import { TWO_VALUE_STATES } from '../../contract/enums';
import { MERCHANT_READ_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A merchant company's wallet (docs/operations.md "Wallet and payments"): one per company, in its
 * country's currency, opened by the first movement. Finance is for merchants only (spec section 1),
 * so the permission is `wallet`, a finance resource that canAccess refuses to operators. The balance
 * is the sum of the wallet's ledger (walletTransactions) and moves only through the wallet service
 * (top-ups, charges), in the operation that causes it; a database CHECK keeps it from going below 0.
 */
export const account = {
  name: 'account',
  path: '/accounts',
  route: '/finance/wallet/balance',
  title: 'common.screens.wallet_balance',
  menu: { group: 'finance', order: 1, label: 'menu.finance.wallet_balance' },
  permission: 'wallet',
  access: MERCHANT_READ_ONLY_ACCESS,
  scope: 'company',
  recordRepresentation: 'accountNo',
  defaultSort: { field: 'createTime', direction: 'asc' },
  fields: [
    {
      name: 'accountNo',
      type: 'text',
      unique: true,
      readOnly: true,
      required: true,
      maxLength: 32,
      search: true,
      filter: ['eq'],
      sortable: true,
    },
    { name: 'name', type: 'text', maxLength: 120, search: true, sortable: true, default: 'Main wallet' },
    {
      name: 'balance',
      type: 'money',
      readOnly: true,
      operationOnly: true,
      required: true,
      default: 0,
      min: 0,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['list', 'show'],
    },
    {
      name: 'currency',
      type: 'text',
      readOnly: true,
      required: true,
      minLength: 3,
      maxLength: 3,
      default: 'SGD',
      filter: ['eq'],
      views: ['list', 'show'],
    },
    {
      name: 'state',
      type: 'select',
      choices: TWO_VALUE_STATES,
      default: 'ACTIVE',
      readOnly: true,
      filter: ['eq'],
      views: ['list', 'show'],
    },
    {
      name: 'stripeCustomerId',
      type: 'text',
      readOnly: true,
      operationOnly: true,
      maxLength: 255,
      views: [],
    },
    {
      name: 'lastTopUpAt',
      type: 'datetime',
      readOnly: true,
      operationOnly: true,
      sortable: true,
      views: ['list', 'show'],
    },
  ],
  uniques: [
    // one wallet per company: the wallet service opens it with INSERT ... ON CONFLICT DO NOTHING
    { name: 'account_one_per_company', fields: ['companyId'], error: 'PARAMETER_VALIDATION_FAILED' },
  ],
} as const satisfies ResourceDeclaration;
