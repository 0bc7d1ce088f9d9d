// The device operations' routes (docs/operations.md "Devices", docs/api.md "Devices"): one operation per
// arrow of the lifecycle declared in resources/tables/devices.ts, with the roles declared there
// (server/domains/access/operation.ts: one transaction, access, Idempotency-Key) around a service function of
// server/domains/devices/devices.ts. Operators move devices; merchants may deregister their own. The generic routes of the declaration serve the lists and rows (lifecycle and state are
// operation-only there). A device's sign-in, `POST /auth/device-token`, is in server/domains/users/sign-in.routes.ts.
import { Type } from 'typebox';
import { BASE_PATHS } from '../../../contract/http';
import { actionOf } from '../../../resources/transitions';
import type { RoutePlugin } from '../../platform/http/app-types';
import { rowSchema, rowWith } from '../../resources/answers';
import { declarationOf } from '../../resources/registry';
import { Id } from '../../resources/schemas';
import { operation } from '../access/operation';
import { activateDevice, deliverDevice, deregisterDevice, registerDevice, spoilDevice } from './devices';

const IdParams = Type.Object({ id: Id });
const NoBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);

export const deviceRoutes: RoutePlugin = async (app) => {
  const base = `${BASE_PATHS.main}/devices`;
  const devices = declarationOf('devices');
  if (!devices) throw new Error('no declaration devices');

  operation(app, {
    url: `${base}/:id/register`,
    summary: 'Register a device (APPROVED or REGISTER_FAILED → REGISTERED, or REGISTER_FAILED)',
    description:
      'Answers the device with its `secret`, shown this once (a new register replaces it; a replay of the same Idempotency-Key answers the device without it); `{failed: true}` records a failed registration instead. Other lifecycles 11.',
    resource: devices,
    action: 'UPDATE',
    roles: actionOf(devices, 'register').roles,
    params: IdParams,
    body: Type.Union([
      Type.Object({ failed: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      Type.Null(),
    ]),
    answer: rowWith(devices, {
      secret: Type.Optional(Type.String({ description: 'the device secret, shown once on a registration' })),
    }),
    run: ({ tx, caller, params, body }) => registerDevice(tx, caller, params.id, { failed: body?.failed }),
    // the secret is shown once: a replay of the same Idempotency-Key answers the device without it
    replayAs: (device) => {
      if (!('secret' in device)) return device;
      const { secret: _shownOnce, ...rest } = device;
      return rest;
    },
  });

  operation(app, {
    url: `${base}/:id/deliver`,
    summary: 'Deliver a device (REGISTERED → DELIVERED)',
    resource: devices,
    action: 'UPDATE',
    roles: actionOf(devices, 'deliver').roles,
    params: IdParams,
    body: NoBody,
    answer: rowSchema(devices),
    run: ({ tx, caller, params }) => deliverDevice(tx, caller, params.id),
  });

  operation(app, {
    url: `${base}/:id/activate`,
    summary: 'Activate a device in its store (DELIVERED → ACTIVE)',
    description: 'The device must name a store of its company (else 2 naming storeId).',
    resource: devices,
    action: 'UPDATE',
    roles: actionOf(devices, 'activate').roles,
    params: IdParams,
    body: NoBody,
    answer: rowSchema(devices),
    run: ({ tx, caller, params }) => activateDevice(tx, caller, params.id),
  });

  operation(app, {
    url: `${base}/:id/spoil`,
    summary: 'Mark a device spoilt (DELIVERED or ACTIVE → SPOILT; state DEREGISTERED)',
    resource: devices,
    action: 'UPDATE',
    roles: actionOf(devices, 'spoil').roles,
    params: IdParams,
    body: NoBody,
    answer: rowSchema(devices),
    run: ({ tx, caller, params }) => spoilDevice(tx, caller, params.id),
  });

  operation(app, {
    url: `${base}/:id/deregister`,
    summary: 'Deregister an ACTIVE device (state DEREGISTERED)',
    description: 'Operators, and merchants for their own devices. Already DEREGISTERED or SPOILT 26622.',
    resource: devices,
    action: 'UPDATE',
    roles: actionOf(devices, 'deregister').roles,
    params: IdParams,
    body: NoBody,
    answer: rowSchema(devices),
    run: ({ tx, caller, params }) => deregisterDevice(tx, caller, params.id),
  });
};
