import { ORG_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/** A brand of a company; stamp cards, vouchers and stores belong to a brand. */
export const brand = {
  name: 'brand',
  path: '/brands',
  route: '/organization/brand',
  title: 'common.screens.brand',
  menu: { group: 'organization', order: 2, label: 'menu.organization.brand' },
  permission: 'brand',
  // merchants add through an approval request (POST /organization/brand-requests), operators directly
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator'],
    UPDATE: ['operator', 'merchant'],
    // as a company: operators delete, and only what no member or open store still depends on
    DELETE: ['operator'],
  },
  audit: true,
  errors: { notFound: 'BRAND_NOT_FOUND', duplicate: { name: 'BRAND_NAME_DUPLICATE' } },
  scope: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: { field: 'state', value: 'DELETE' },
  deleteGuards: [
    {
      resource: 'store',
      field: 'brandId',
      when: { field: 'state', in: ['BLANK', 'SUBMITTED', 'ACTIVE', 'DISABLED'] },
      error: 'BRAND_STILL_LIVE',
    },
    {
      resource: 'memberCards',
      field: 'brandId',
      when: { field: 'state', in: ['AVAILABLE'] },
      error: 'BRAND_STILL_LIVE',
    },
    {
      resource: 'vouchers',
      field: 'brandId',
      when: { field: 'state', in: ['AVAILABLE'] },
      error: 'BRAND_STILL_LIVE',
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
    { name: 'logo', type: 'image', maxLength: 500, views: ['list', 'show', 'edit', 'create'] },
    {
      name: 'description',
      type: 'text',
      maxLength: 1000,
      multiline: true,
      views: ['show', 'edit', 'create'],
    },
    { name: 'industryConfigId', type: 'reference', reference: 'industryConfig', filter: ['eq', 'in'] },
    { name: 'website', type: 'url', maxLength: 500, views: ['show', 'edit', 'create'] },
    { name: 'contactEmail', type: 'email', maxLength: 254, filter: ['eq', 'regex'] },
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
      confirm: true,
    },
    {
      name: 'enable',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['DISABLED'],
      to: 'ACTIVE',
      confirm: true,
    },
  ],
} as const satisfies ResourceDeclaration;
