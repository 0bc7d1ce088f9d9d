import { THREE_VALUE_STATES } from '../../contract/enums';
import {
  DESCRIPTION,
  DETAIL_IMAGE,
  NAMING_TEXT,
  PRICE,
  SHARED_ACCESS,
  SOFT_DELETE_STATE,
  stateField,
} from '../fragments';
import type { ResourceDeclaration } from '../types';

/** A product a brand sells, so that stamps can be earned per product bought. */
export const products = {
  name: 'products',
  path: '/products',
  route: '/product',
  title: 'common.screens.product',
  permission: 'product',
  access: SHARED_ACCESS,
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'brand',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: SOFT_DELETE_STATE,
  fields: [
    { name: 'name', ...NAMING_TEXT },
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
    DESCRIPTION,
    { name: 'image', ...DETAIL_IMAGE },
    PRICE,
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
    stateField(THREE_VALUE_STATES, 'ACTIVE'),
  ],
} as const satisfies ResourceDeclaration;
