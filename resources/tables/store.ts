import { ORG_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/** A physical store of a brand, where members collect stamps and redeem vouchers. */
export const store = {
  name: 'store',
  path: '/stores',
  route: '/organization/store',
  title: 'common.screens.store',
  menu: { group: 'organization', order: 3, label: 'menu.organization.store' },
  permission: 'store',
  // merchants add through an approval request (POST /organization/store-requests), operators directly
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator'],
    UPDATE: ['operator', 'merchant'],
    DELETE: ['operator'],
  },
  audit: true,
  errors: { notFound: 'STORE_NOT_FOUND', duplicate: { name: 'STORE_NAME_DUPLICATE' } },
  scope: 'brand',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: { field: 'state', value: 'DELETE' },
  deleteGuards: [
    {
      resource: 'devices',
      field: 'storeId',
      when: { field: 'state', in: ['ACTIVE'] },
      error: 'STORE_HAS_DEVICES',
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
    { name: 'code', type: 'text', maxLength: 32, search: true, filter: ['eq', 'in'], sortable: true },
    { name: 'address', type: 'text', required: true, maxLength: 300, multiline: true, search: true },
    { name: 'postalCode', type: 'text', maxLength: 12, filter: ['eq', 'regex'] },
    {
      name: 'latitude',
      type: 'number',
      min: -90,
      max: 90,
      views: ['show', 'edit', 'create'],
      help: 'See Help > How to get latitude and longitude',
    },
    { name: 'longitude', type: 'number', min: -180, max: 180, views: ['show', 'edit', 'create'] },
    { name: 'phone', type: 'phone', maxLength: 20, filter: ['eq'] },
    {
      name: 'openingHours',
      type: 'text',
      maxLength: 300,
      multiline: true,
      views: ['show', 'edit', 'create'],
      help: 'e.g. Mon-Fri 09:00-21:00, Sat-Sun 10:00-22:00',
    },
    {
      name: 'state',
      type: 'select',
      choices: ORG_STATES,
      // moves only through approval and the declared actions (docs/api.md)
      readOnly: true,
      default: 'ACTIVE',
      filter: ['eq', 'in'],
      sortable: true,
    },
  ],
  actions: [
    {
      name: 'disable',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['ACTIVE'],
      to: 'DISABLED',
      bulk: true,
      confirm: true,
    },
    {
      name: 'enable',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['DISABLED'],
      to: 'ACTIVE',
      bulk: true,
      confirm: true,
    },
  ],
} as const satisfies ResourceDeclaration;
