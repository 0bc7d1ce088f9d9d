import { DEVICE_LIFECYCLE, DEVICE_STATES } from '../../contract/enums';
import { filterableReference, stateField } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A stamping terminal placed in a store (docs/operations.md "Devices"). `lifecycle` moves only through its
 * operations, one per arrow declared in `actions` (server/domains/devices/devices.ts runs them); `state`
 * follows it (DEREGISTERED once spoilt or deregistered). An ACTIVE device keeps its store (26621); a device with transactions stays (26620).
 */
export const devices = {
  name: 'devices',
  path: '/devices',
  route: '/device',
  title: 'common.screens.device_list',
  menu: { group: 'device', order: 1, label: 'menu.device.list' },
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
    filterableReference('storeId', 'store'),
    // the spec's coarse state (ACTIVE until spoilt or deregistered) stays in the API, its filter and
    // exports, but no screen shows it beside the lifecycle, which is the one status a person reads
    // (issue 40 item 8: "Active" beside "Registration failed" read as a contradiction)
    { ...stateField(DEVICE_STATES, 'ACTIVE'), operationOnly: true, views: [] },
    {
      name: 'lifecycle',
      type: 'select',
      choices: DEVICE_LIFECYCLE,
      default: 'APPROVED',
      filter: ['eq', 'in'],
      sortable: true,
      operationOnly: true,
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
  frozen: [
    { field: 'storeId', while: { field: 'lifecycle', in: ['ACTIVE'] }, error: 'DEVICE_CANNOT_CHANGE_STORE' },
  ],
  // The lifecycle, one operation per arrow (server/domains/devices/devices.routes.ts), in the order the device page
  // shows its buttons. `state` follows: DEREGISTERED once spoilt or deregistered.
  actions: [
    {
      name: 'register',
      roles: ['operator'],
      field: 'lifecycle',
      from: ['APPROVED', 'REGISTER_FAILED'],
      to: 'REGISTERED',
      operation: true,
    },
    {
      name: 'registerFailed',
      roles: ['operator'],
      field: 'lifecycle',
      from: ['APPROVED', 'REGISTER_FAILED'],
      to: 'REGISTER_FAILED',
      operation: true,
      path: 'register',
      body: { failed: true },
    },
    {
      name: 'deliver',
      roles: ['operator'],
      field: 'lifecycle',
      from: ['REGISTERED'],
      to: 'DELIVERED',
      operation: true,
    },
    {
      name: 'activate',
      roles: ['operator'],
      field: 'lifecycle',
      from: ['DELIVERED'],
      to: 'ACTIVE',
      operation: true,
    },
    {
      name: 'spoil',
      roles: ['operator'],
      field: 'lifecycle',
      from: ['DELIVERED', 'ACTIVE'],
      to: 'SPOILT',
      set: { state: 'DEREGISTERED' },
      operation: true,
    },
    {
      name: 'deregister',
      roles: ['operator', 'merchant'],
      field: 'lifecycle',
      from: ['ACTIVE'],
      to: 'DEREGISTERED',
      set: { state: 'DEREGISTERED' },
      refuse: [{ from: ['DEREGISTERED', 'SPOILT'], error: 'DEVICE_DEREGISTER_FAILED' }],
      operation: true,
    },
  ],
  errors: { inUse: 'DEVICE_CANNOT_BE_DELETED' },
  audit: true,
} as const satisfies ResourceDeclaration;
