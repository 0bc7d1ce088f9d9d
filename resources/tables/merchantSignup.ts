import { APPROVAL_STATES, REQUEST_KINDS } from '../../contract/enums';
import { filterableReference } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A merchant's request to sign up, or to add a brand or a store, waiting for an operator. Approving
 * activates the organisation rows and moves the merchants' signup state, and rejecting needs a
 * reason and resets those rows, so both are services with routes of their own
 * (server/domains/organisation/decisions.ts); this declaration gives the list and show screens.
 */
export const merchantSignup = {
  name: 'merchantSignup',
  path: '/merchant-signups',
  route: '/approve/merchant-signup',
  title: 'common.screens.approve_merchant_signup',
  menu: { group: 'approve', order: 1, label: 'menu.approve.merchant_signup' },
  permission: 'merchantSignup',
  // filed by the organisation service; decided by POST {path}/{id}/approve and /reject (hand-written)
  access: { VIEW: ['operator'], ADD: [], UPDATE: [], DELETE: [] },
  scope: 'none',
  audit: true,
  recordRepresentation: 'companyName',
  defaultSort: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'requestKind',
      type: 'select',
      choices: REQUEST_KINDS,
      default: 'MERCHANT_SIGNUP',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'approval',
      type: 'select',
      choices: APPROVAL_STATES,
      default: 'PENDING',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'userId', type: 'reference', reference: 'users', readOnly: true, filter: ['eq', 'in'] },
    {
      name: 'companyName',
      type: 'text',
      required: true,
      maxLength: 120,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    { name: 'registrationNo', type: 'text', maxLength: 32, search: true, filter: ['eq'], views: ['show'] },
    { name: 'brandName', type: 'text', maxLength: 120, search: true, filter: ['eq', 'regex'] },
    { name: 'storeName', type: 'text', maxLength: 120, search: true, filter: ['eq', 'regex'] },
    { name: 'contactEmail', type: 'email', maxLength: 254, search: true, filter: ['eq'], views: ['show'] },
    { name: 'contactMobile', type: 'phone', maxLength: 20, filter: ['eq'], views: ['show'] },
    // the organisation rows the request made
    { ...filterableReference('companyId', 'company'), readOnly: true, views: ['show'] },
    { ...filterableReference('brandId', 'brand'), readOnly: true, views: ['show'] },
    { ...filterableReference('storeId', 'store'), readOnly: true, views: ['show'] },
    {
      name: 'reason',
      type: 'text',
      maxLength: 500,
      multiline: true,
      views: ['show', 'edit'],
      help: 'Why the request was rejected; shown to the merchant',
    },
    { name: 'decidedBy', type: 'reference', reference: 'users', readOnly: true, views: ['show'] },
    {
      name: 'decidedAt',
      type: 'datetime',
      readOnly: true,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['list', 'show'],
    },
  ],
  // An operator's decision (server/domains/organisation/decisions.ts decide, routes of their own): once, from
  // PENDING; approving also activates the organisation rows and moves the merchants' signupState.
  actions: [
    {
      name: 'approve',
      roles: ['operator'],
      field: 'approval',
      from: ['PENDING'],
      to: 'APPROVED',
      refuse: [{ from: ['APPROVED', 'REJECT'], error: 'INVALID_OPERATOR_APPROVAL_STATE' }],
      confirm: true,
      operation: true,
    },
    {
      name: 'reject',
      roles: ['operator'],
      field: 'approval',
      from: ['PENDING'],
      to: 'REJECT',
      refuse: [{ from: ['APPROVED', 'REJECT'], error: 'INVALID_OPERATOR_APPROVAL_STATE' }],
      operation: true,
    },
  ],
} as const satisfies ResourceDeclaration;
