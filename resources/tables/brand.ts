import {
  DESCRIPTION,
  disableEnableActions,
  ORGANISATION_ACCESS,
  ORGANISATION_NAME,
  ORGANISATION_STATE,
  SOFT_DELETE_STATE,
} from '../fragments';
import type { ResourceDeclaration } from '../types';

/** A brand of a company; stamp cards, vouchers and stores belong to a brand. */
export const brand = {
  name: 'brand',
  path: '/brands',
  route: '/organization/brand',
  title: 'common.screens.brand',
  menu: { group: 'organization', order: 2, label: 'menu.organization.brand' },
  permission: 'brand',
  // merchants add through an approval request (POST /organization/brand-requests), operators directly;
  // as a company: operators delete, and only what no member or open store still depends on
  access: ORGANISATION_ACCESS,
  audit: true,
  errors: { notFound: 'BRAND_NOT_FOUND', duplicate: { name: 'BRAND_NAME_DUPLICATE' } },
  scope: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: SOFT_DELETE_STATE,
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
    ORGANISATION_NAME,
    { name: 'logo', type: 'image', maxLength: 500, views: ['list', 'show', 'edit', 'create'] },
    DESCRIPTION,
    { name: 'industryConfigId', type: 'reference', reference: 'industryConfig', filter: ['eq', 'in'] },
    { name: 'website', type: 'url', maxLength: 500, views: ['show', 'edit', 'create'] },
    { name: 'contactEmail', type: 'email', maxLength: 254, filter: ['eq', 'regex'] },
    ORGANISATION_STATE,
  ],
  actions: disableEnableActions(['operator', 'merchant'], { confirm: true }),
} as const satisfies ResourceDeclaration;
