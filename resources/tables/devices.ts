import { DEVICE_LIFECYCLE, DEVICE_STATES } from '../../contract/enums';
import type { ResourceDeclaration } from '../types';

/**
 * A stamping terminal placed in a store. `lifecycle` follows the hardware (approved, registered,
 * delivered ... spoilt); `state` says whether the device may still stamp.
 */
export const devices = {
  name: 'devices',
  path: '/devices',
  route: '/device',
  permission: 'device',
  access: {
    VIEW: ['operator', 'merchant'],
    ADD: ['operator', 'merchant'],
    UPDATE: ['operator', 'merchant'],
    DELETE: ['operator'],
  },
  scope: 'company',
  recordRepresentation: 'serialNo',
  defaultSort: { field: 'createTime', direction: 'desc' },
  menu: { group: 'device', order: 1 },
  fields: [
    {
      name: 'serialNo',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 64,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
    { name: 'name', type: 'text', maxLength: 120, search: true, filter: ['eq', 'regex'], sortable: true },
    { name: 'model', type: 'text', maxLength: 64, filter: ['eq', 'in'] },
    { name: 'storeId', type: 'reference', reference: 'store', filter: ['eq', 'in'] },
    {
      name: 'state',
      type: 'select',
      choices: DEVICE_STATES,
      default: 'ACTIVE',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      name: 'lifecycle',
      type: 'select',
      choices: DEVICE_LIFECYCLE,
      default: 'APPROVED',
      filter: ['eq', 'in'],
      sortable: true,
    },
    { name: 'firmwareVersion', type: 'text', maxLength: 32, views: ['list', 'show'], readOnly: true },
    {
      name: 'lastSeenAt',
      type: 'datetime',
      readOnly: true,
      filter: ['gte', 'lte'],
      sortable: true,
      views: ['list', 'show'],
    },
  ],
  actions: [
    {
      name: 'deregister',
      roles: ['operator', 'merchant'],
      field: 'state',
      from: ['ACTIVE'],
      to: 'DEREGISTERED',
      bulk: true,
      confirm: true,
    },
    {
      name: 'markSpoilt',
      roles: ['operator'],
      field: 'lifecycle',
      from: ['DELIVERED', 'ACTIVE'],
      to: 'SPOILT',
      confirm: true,
    },
  ],
} as const satisfies ResourceDeclaration;
