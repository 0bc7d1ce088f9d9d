// The device operations' routes (docs/operations.md "Devices", docs/api.md "Devices"): one operation per
// arrow of the lifecycle declared in resources/tables/devices.ts, with the roles declared there
// (server/domains/access/operation.ts: one transaction, access, Idempotency-Key) around a service function of
// server/domains/devices/devices.ts. Operators move devices; merchants may deregister their own. The generic routes of the declaration serve the lists and rows (lifecycle and state are
// operation-only there). A device's sign-in, `POST /auth/device-token`, is in server/domains/users/sign-in.routes.ts.
import { Type } from 'typebox';
import { BASE_PATHS } from '../../../contract/http';
import { actionOf } from '../../../resources/transitions';
import type { DbOrTx } from '../../platform/audit';
import type { RoutePlugin } from '../../platform/http/app-types';
import { rowSchema, rowWith } from '../../resources/answers';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { Id } from '../../resources/schemas';
import { operation } from '../access/operation';
import {
  activateDevice,
  type DeviceRow,
  deliverDevice,
  deregisterDevice,
  registerDevice,
  spoilDevice,
} from './devices';

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

  /** One arrow of the lifecycle without a body: `POST …/devices/:id/<arrow>`, answering the device. */
  const arrow = (
    name: 'deliver' | 'activate' | 'spoil' | 'deregister',
    text: { summary: string; description?: string },
    move: (tx: DbOrTx, caller: Caller, id: number) => Promise<DeviceRow>,
  ) =>
    operation(app, {
      url: `${base}/:id/${name}`,
      ...text,
      resource: devices,
      action: 'UPDATE',
      roles: actionOf(devices, name).roles,
      params: IdParams,
      body: NoBody,
      answer: rowSchema(devices),
      run: ({ tx, caller, params }) => move(tx, caller, params.id),
    });

  arrow('deliver', { summary: 'Deliver a device (REGISTERED → DELIVERED)' }, deliverDevice);
  arrow(
    'activate',
    {
      summary: 'Activate a device in its store (DELIVERED → ACTIVE)',
      description: 'The device must name a store of its company (else 2 naming storeId).',
    },
    activateDevice,
  );
  arrow(
    'spoil',
    { summary: 'Mark a device spoilt (DELIVERED or ACTIVE → SPOILT; state DEREGISTERED)' },
    spoilDevice,
  );
  arrow(
    'deregister',
    {
      summary: 'Deregister an ACTIVE device (state DEREGISTERED)',
      description: 'Operators, and merchants for their own devices. Already DEREGISTERED or SPOILT 26622.',
    },
    deregisterDevice,
  );
};
