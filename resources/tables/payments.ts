import { PAYMENT_METHODS, PAYMENT_STATES } from '../../contract/enums';
import { READ_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Payment history: every top-up, FREE or through Stripe, with its state (docs/operations.md). Created by
 * `POST /wallet/top-ups`, moved to SUCCEEDED or FAILED by the top-up itself (FREE) or Stripe's
 * webhook, never by a generic write. Merchants read their own company's under Finance; operators
 * read every company's under Transaction > Payment History (full width, spec section 3).
 */
export const payments = {
  name: 'payments',
  service: 'payment',
  path: '/payment-history',
  route: '/transaction/payment-history',
  title: 'common.screens.payment_history',
  // merchants open their own company's payments from Finance ("All payments"); the menu group
  // Transaction stays the operators' (spec 6)
  menu: { group: 'transaction', order: 1, label: 'menu.transaction.payment_history', roles: ['operator'] },
  permission: 'paymentHistory',
  access: READ_ONLY_ACCESS,
  scope: 'company',
  recordRepresentation: 'id',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'amount',
      type: 'money',
      required: true,
      readOnly: true,
      min: 0,
      filter: ['gte', 'lte'],
      sortable: true,
    },
    {
      name: 'currency',
      type: 'text',
      required: true,
      readOnly: true,
      minLength: 3,
      maxLength: 3,
      filter: ['eq'],
    },
    {
      name: 'paymentMethod',
      type: 'select',
      choices: PAYMENT_METHODS,
      required: true,
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'state',
      type: 'select',
      choices: PAYMENT_STATES,
      required: true,
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'stripePaymentIntentId',
      type: 'text',
      readOnly: true,
      maxLength: 255,
      search: true,
      filter: ['eq'],
      views: ['show'],
    },
    { name: 'failureCode', type: 'number', readOnly: true, views: ['list', 'show'] },
    { name: 'failureMessage', type: 'text', readOnly: true, maxLength: 500, views: ['show'] },
    { name: 'createdBy', type: 'number', readOnly: true, views: ['show'] },
    { name: 'completedAt', type: 'datetime', readOnly: true, filter: ['gte', 'lte'], sortable: true },
  ],
} as const satisfies ResourceDeclaration;
