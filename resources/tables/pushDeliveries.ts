import { PUSH_DELIVERY_STATES } from '../../contract/enums';
import { filterableReference, LEDGER_AT, MOVEMENT_LEDGER, REQUIRED_MEMBER_MOBILE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * One member's message of a sent push, written by the sender (server/domains/push/push-sender.ts) only: the
 * text as filled in for that member, the provider that took it ('outbox', the local push outbox, or
 * 'fcm'), how many of the member's app tokens received it, and what became of it. With the local
 * outbox these rows are the outbox: every message the product would have sent. No list of its own in
 * the menu: a push's page lists its deliveries.
 */
export const pushDeliveries = {
  name: 'pushDeliveries',
  path: '/push-deliveries',
  permission: 'push',
  ...MOVEMENT_LEDGER,
  scope: 'company',
  recordRepresentation: 'memberMobile',
  fields: [
    { ...filterableReference('pushId', 'push'), required: true },
    { ...REQUIRED_MEMBER_MOBILE, sortable: true },
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'body', type: 'text', required: true, maxLength: 1000, multiline: true, views: ['show'] },
    { name: 'provider', type: 'text', required: true, maxLength: 16, filter: ['eq'] },
    { name: 'tokens', type: 'number', integer: true, min: 0, default: 0, help: 'App tokens it went to' },
    {
      name: 'state',
      type: 'select',
      choices: PUSH_DELIVERY_STATES,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'error', type: 'text', maxLength: 500, views: ['show', 'list'] },
    LEDGER_AT,
  ],
  uniques: [
    { name: 'push_deliveries_one_per_member', fields: ['pushId', 'memberMobile'], error: 'ALREADY_EXISTS' },
  ],
} as const satisfies ResourceDeclaration;
