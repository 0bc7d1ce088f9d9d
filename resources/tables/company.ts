import { ORG_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * A merchant's company, the top of company > brand > store and the unit of tenancy. Only operators
 * manage companies here; a merchant sees their own through the organisation settings screen.
 */
export const company = {
  name: 'company',
  path: '/companies',
  route: '/organization/company',
  permission: 'company',
  access: { VIEW: ['operator'], ADD: ['operator'], UPDATE: ['operator'] },
  scope: 'none',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: { field: 'state', value: 'DELETE' },
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
      default: 'SUBMITTED',
      filter: ['eq', 'in'],
      sortable: true,
    },
  ],
  actions: [
    {
      name: 'activate',
      roles: ['operator'],
      field: 'state',
      from: ['SUBMITTED', 'DISABLED'],
      to: 'ACTIVE',
      confirm: true,
    },
    { name: 'disable', roles: ['operator'], field: 'state', from: ['ACTIVE'], to: 'DISABLED', confirm: true },
  ],
} as const satisfies ResourceDeclaration;
