import { THREE_VALUE_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/** A product a brand sells, so that stamps can be earned per product bought. */
export const products = {
  name: 'products',
  path: '/products',
  route: '/product',
  title: 'common.screens.product',
  permission: 'product',
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator', 'merchant'],
    UPDATE: ['operator', 'merchant'],
  },
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'brand',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: { field: 'state', value: 'DELETE' },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: 120,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
    {
      name: 'sku',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 64,
      search: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'category', type: 'text', maxLength: 64, filter: ['eq', 'in'], sortable: true },
    {
      name: 'description',
      type: 'text',
      maxLength: 1000,
      multiline: true,
      views: ['show', 'edit', 'create'],
    },
    { name: 'image', type: 'image', maxLength: 500, views: ['show', 'edit', 'create'] },
    {
      name: 'price',
      type: 'money',
      required: true,
      min: 0,
      max: 100_000,
      filter: ['gte', 'lte'],
      sortable: true,
    },
    {
      name: 'stampsEarned',
      type: 'number',
      integer: true,
      min: 0,
      max: 10,
      default: 1,
      filter: ['eq', 'gte', 'lte'],
      help: 'Stamps a member earns for buying one',
    },
    {
      name: 'state',
      type: 'select',
      choices: THREE_VALUE_STATES,
      default: 'ACTIVE',
      filter: ['eq', 'in'],
      sortable: true,
    },
  ],
} as const satisfies ResourceDeclaration;
