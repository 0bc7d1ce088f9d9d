import { ORG_STATES } from '../../contract/enums';
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
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator'],
    UPDATE: ['operator', 'merchant'],
    DELETE: ['operator'],
  },
  scope: 'none',
  audit: true,
  errors: {
    notFound: 'COMPANY_NOT_FOUND',
    duplicate: { name: 'COMPANY_NAME_DUPLICATE' },
  },
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: { field: 'state', value: 'DELETE' },
  deleteGuards: [
    {
      resource: 'account',
      field: 'companyId',
      when: { field: 'balance', gt: 0 },
      error: 'COMPANY_WALLET_NOT_EMPTY',
    },
  ],
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 120,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
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
    {
      name: 'state',
      type: 'select',
      choices: ORG_STATES,
      // moves only through approval and the declared actions (docs/api.md)
      readOnly: true,
      // a company an operator creates is live at once; a merchant's waits for approval (SUBMITTED)
      default: 'ACTIVE',
      filter: ['eq', 'in'],
      sortable: true,
    },
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
