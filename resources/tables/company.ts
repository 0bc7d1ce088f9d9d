import { ORGANISATION_ACCESS, ORGANISATION_NAME, ORGANISATION_STATE, SOFT_DELETE_STATE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A merchant's company, the top of company > brand > store and the unit of tenancy. Only operators
 * create companies here; a merchant's comes from their signup, and they may read and edit it.
 */
export const company = {
  name: 'company',
  path: '/companies',
  route: '/organization/company',
  title: 'common.screens.company',
  permission: 'company',
  // a merchant reads and edits their own company; it is created by their signup (organisation service)
  // only operators delete a company (issue 24), never while its wallet holds money
  access: ORGANISATION_ACCESS,
  scope: 'none',
  audit: true,
  errors: {
    notFound: 'COMPANY_NOT_FOUND',
    duplicate: { name: 'COMPANY_NAME_DUPLICATE' },
  },
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: SOFT_DELETE_STATE,
  deleteGuards: [
    {
      resource: 'account',
      field: 'companyId',
      when: { field: 'balance', gt: 0 },
      error: 'COMPANY_WALLET_NOT_EMPTY',
    },
  ],
  fields: [
    ORGANISATION_NAME,
    {
      name: 'registrationNo',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 32,
      search: true,
      filter: ['eq', 'regex'],
      help: 'Business registration number (e.g. UEN)',
    },
    { name: 'address', type: 'text', maxLength: 300, multiline: true, views: ['show', 'edit', 'create'] },
    {
      name: 'contactEmail',
      type: 'email',
      required: true,
      maxLength: 254,
      search: true,
      filter: ['eq', 'regex'],
    },
    { name: 'phone', type: 'phone', maxLength: 20, filter: ['eq'] },
    {
      name: 'country',
      type: 'text',
      minLength: 2,
      maxLength: 2,
      default: 'sg',
      filter: ['eq', 'in'],
      sortable: true,
    },
    // a company an operator creates is live at once; a merchant's waits for approval (SUBMITTED)
    ORGANISATION_STATE,
  ],
  actions: [
    {
      name: 'activate',
      roles: ['operator'],
      field: 'state',
      from: ['DISABLED'],
      to: 'ACTIVE',
      confirm: true,
    },
    { name: 'disable', roles: ['operator'], field: 'state', from: ['ACTIVE'], to: 'DISABLED', confirm: true },
  ],
} as const satisfies ResourceDeclaration;
