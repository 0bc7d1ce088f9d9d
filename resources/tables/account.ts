import { PAYMENT_METHODS, TWO_VALUE_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * A company's wallet account. Finance is for merchants only (spec section 1), so the permission is
 * `wallet`, a finance resource that canAccess refuses to operators. The balance moves only through
 * the wallet ledger service (top-ups, charges), never through a generic write.
 */
export const account = {
  name: 'account',
  path: '/accounts',
  route: '/finance/wallet/balance',
  permission: 'wallet',
  access: { VIEW: ['merchant'], ADD: [], UPDATE: ['merchant'], DELETE: [] },
  scope: 'company',
  recordRepresentation: 'accountNo',
  defaultSort: { field: 'createTime', direction: 'asc' },
  menu: { group: 'finance', order: 1 },
  fields: [
    {
      name: 'accountNo',
      type: 'text',
      unique: true,
      readOnly: true,
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
      default: 0,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['list', 'show'],
    },
    {
      name: 'currency',
      type: 'text',
      readOnly: true,
      minLength: 3,
      maxLength: 3,
      default: 'SGD',
      filter: ['eq'],
      views: ['list', 'show'],
    },
    {
      name: 'paymentMethod',
      type: 'select',
      choices: PAYMENT_METHODS,
      default: 'FREE',
      filter: ['eq', 'in'],
      help: 'How top-ups are paid; STRIPE needs a connected Stripe account',
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
      name: 'lastTopUpAt',
      type: 'datetime',
      readOnly: true,
      sortable: true,
      views: ['list', 'show'],
    },
  ],
} as const satisfies ResourceDeclaration;
