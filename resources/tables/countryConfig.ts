import { OPERATORS_ONLY_ACCESS } from '../fragments';
import type { ResourceDeclaration } from '../types';

/** The countries the product runs in: currency, time zone and whether the portal offers it. */
export const countryConfig = {
  name: 'countryConfig',
  path: '/country-config',
  route: '/config/countryConfig',
  title: 'common.screens.country_config',
  menu: { group: 'config', order: 3, label: 'menu.config.country' },
  permission: 'countryConfig',
  access: OPERATORS_ONLY_ACCESS,
  // every change is written to the audit log (issue 24: every declared table's change)
  audit: true,
  scope: 'none',
  recordRepresentation: 'name',
  defaultSort: { field: 'country', direction: 'asc' },
  fields: [
    {
      name: 'country',
      type: 'text',
      required: true,
      unique: true,
      minLength: 2,
      maxLength: 2,
      filter: ['eq', 'in'],
      sortable: true,
      help: 'ISO 3166-1 alpha-2 code, lower case (sg, my ...)',
    },
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: 80,
      search: true,
      filter: ['eq', 'regex'],
      sortable: true,
    },
    {
      name: 'currency',
      type: 'text',
      required: true,
      minLength: 3,
      maxLength: 3,
      filter: ['eq', 'in'],
      sortable: true,
      help: 'ISO 4217 code (SGD, MYR ...)',
    },
    {
      name: 'timezone',
      type: 'text',
      required: true,
      maxLength: 64,
      filter: ['eq'],
      help: 'IANA zone, e.g. Asia/Singapore',
    },
    { name: 'callingCode', type: 'text', maxLength: 5, filter: ['eq'], help: 'e.g. +65' },
    { name: 'enabled', type: 'boolean', default: true, filter: ['eq'], sortable: true },
    {
      name: 'freeTopUp',
      type: 'boolean',
      default: false,
      filter: ['eq'],
      help: 'Merchants of this country may top up their wallet for free (FREE); elsewhere they pay through Stripe',
    },
  ],
} as const satisfies ResourceDeclaration;
