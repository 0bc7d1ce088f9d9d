import { TWO_VALUE_STATES } from '../../contract/enums';
import { disableEnableActions, OPERATORS_KEEP_ACCESS, SORT_ORDER, stateField } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Banners shown in the member app, per country and time window. Product-wide content that operators
 * manage; merchants may look at them (the jcr variant shows merchants Banner Config) but not change them.
 */
export const bannerConfig = {
  name: 'bannerConfig',
  path: '/banner-config',
  route: '/config/bannerConfig',
  title: 'common.screens.banner_config',
  menu: { group: 'config', order: 1, label: 'menu.config.banner' },
  permission: 'bannerConfig',
  access: OPERATORS_KEEP_ACCESS,
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'none',
  recordRepresentation: 'title',
  defaultSort: { field: 'sortOrder', direction: 'asc' },
  fields: [
    {
      name: 'title',
      type: 'text',
      required: true,
      maxLength: 120,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    {
      name: 'country',
      type: 'text',
      required: true,
      minLength: 2,
      maxLength: 2,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'imageUrl', type: 'image', required: true, maxLength: 500 },
    { name: 'linkUrl', type: 'url', maxLength: 500, views: ['show', 'edit', 'create'] },
    SORT_ORDER,
    { name: 'startAt', type: 'datetime', required: true, filter: ['gte', 'lte'], sortable: true },
    { name: 'endAt', type: 'datetime', filter: ['gte', 'lte'], sortable: true },
    stateField(TWO_VALUE_STATES, 'ACTIVE'),
  ],
  actions: disableEnableActions(['operator'], { bulk: true }),
} as const satisfies ResourceDeclaration;
