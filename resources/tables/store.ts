import {
  disableEnableActions,
  ORGANISATION_ACCESS,
  ORGANISATION_NAME,
  ORGANISATION_STATE,
  SOFT_DELETE_STATE,
} from '../fragments';
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
  access: ORGANISATION_ACCESS,
  audit: true,
  errors: { notFound: 'STORE_NOT_FOUND', duplicate: { name: 'STORE_NAME_DUPLICATE' } },
  scope: 'brand',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: SOFT_DELETE_STATE,
  deleteGuards: [
    {
      resource: 'devices',
      field: 'storeId',
      when: { field: 'state', in: ['ACTIVE'] },
      error: 'STORE_HAS_DEVICES',
    },
  ],
  fields: [
    ORGANISATION_NAME,
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
    ORGANISATION_STATE,
  ],
  actions: disableEnableActions(['operator', 'merchant'], { bulk: true, confirm: true }),
} as const satisfies ResourceDeclaration;
