// The API keys' routes (issue 27 item 1; docs/api.md "API keys"): make, list, revoke and rotate a
// company's keys. Operators and companies' owners only (server/domains/access/api-keys.ts); a key itself never
// reaches these routes (they do not take keys: 26237). The key is answered once, by make and rotate.
import { Type } from 'typebox';
import { API_KEY_NAME_MAX, API_KEY_STATES, API_KEYS_PATH } from '../../../contract/api-keys';
import { ORGANIZATION_LEVELS } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { PermissionsSchema } from '../../resources/answers-users';
import { Id } from '../../resources/schemas';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './api-keys';
import { signedInUserOf } from './caller';

const IdParams = Type.Object({ id: Id });
const TimeOrNull = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const IdOrNull = Type.Union([Type.Integer(), Type.Null()]);
const tags = ['apiKeys'];

/** contract/api-keys.ts ApiKeyIssued */
const IssuedSchema = Type.Object(
  {
    id: Type.Integer(),
    key: Type.String({ description: 'the whole key: shown this once, never again' }),
    prefix: Type.String({ description: 'its first characters, as lists and the audit log show it' }),
  },
  { title: 'ApiKeyIssued' },
);

/** contract/api-keys.ts ApiKeyView */
const ApiKeySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    prefix: Type.String(),
    companyId: Type.Integer(),
    brandId: IdOrNull,
    storeId: IdOrNull,
    organizationLevel: Type.Union(ORGANIZATION_LEVELS.map((l) => Type.Literal(l))),
    permissions: PermissionsSchema,
    state: Type.Union(API_KEY_STATES.map((s) => Type.Literal(s))),
    createdById: IdOrNull,
    createdByEmail: Type.String(),
    createTime: Type.String({ format: 'date-time' }),
    expiresAt: TimeOrNull,
    lastUsedAt: TimeOrNull,
    lastUsedIp: Type.Union([Type.String(), Type.Null()]),
    revokedAt: TimeOrNull,
    graceUntil: TimeOrNull,
    replacedById: IdOrNull,
  },
  { title: 'ApiKey' },
);

const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX }),
    permissions: Type.Array(
      Type.Object({ resource: Type.String({ maxLength: 64 }), action: Type.String({ maxLength: 16 }) }),
      { maxItems: 200 },
    ),
    companyId: Type.Optional(Id),
    brandId: Type.Optional(Type.Union([Id, Type.Null()])),
    storeId: Type.Optional(Type.Union([Id, Type.Null()])),
    expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const apiKeyRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const base = `${BASE_PATHS.main}${API_KEYS_PATH}`;

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Make an API key (the key is answered this once)',
        description:
          'Operators name the company; a merchant owner makes keys of their own company (within their brand or store when limited to one). `permissions` come from the group matrix: a merchant grants only what they hold (26238), an operator never finance (26238), nobody an operator-only resource (26237). `brandId` or `storeId` limit the key; `expiresAt` must be in the future. Colleagues who are not the owner: 26237.',
        body: CreateBody,
        response: answers(IssuedSchema),
      },
    },
    async (request) => {
      const caller = await signedInUserOf(db, request);
      return ok(await createApiKey(db, caller, request.body as Parameters<typeof createApiKey>[2]));
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'The API keys the caller manages, newest first, without their secrets',
        description:
          'An operator sees every company’s (or one company’s with `companyId`); an owner their company’s. `organizationLevel` keeps the keys that reach a whole company, one brand or one store. `state` is worked out now: ACTIVE, ROTATED (still working until `graceUntil`), EXPIRED or REVOKED.',
        querystring: Type.Object(
          {
            companyId: Type.Optional(Id),
            organizationLevel: Type.Optional(Type.Union(ORGANIZATION_LEVELS.map((l) => Type.Literal(l)))),
          },
          { additionalProperties: false },
        ),
        response: answers(Type.Array(ApiKeySchema)),
      },
    },
    async (request) => {
      const caller = await signedInUserOf(db, request);
      return ok(await listApiKeys(db, caller, request.query as Parameters<typeof listApiKeys>[2]));
    },
  );

  app.post(
    `${base}/:id/revoke`,
    {
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once',
        description: 'ACTIVE or ROTATED keys; an EXPIRED or REVOKED one 11.',
        params: IdParams,
        response: answers(ApiKeySchema),
      },
    },
    async (request) => {
      const caller = await signedInUserOf(db, request);
      return ok(await revokeApiKey(db, caller, (request.params as { id: number }).id));
    },
  );

  app.post(
    `${base}/:id/rotate`,
    {
      schema: {
        tags,
        summary: 'Rotate an API key: a new key (answered this once); the old one works 24 more hours',
        description:
          'The new key has the same name, permissions, brand or store and expiry. Only an ACTIVE key rotates (else 11); the old one is ROTATED until `graceUntil`, then EXPIRED.',
        params: IdParams,
        response: answers(IssuedSchema),
      },
    },
    async (request) => {
      const caller = await signedInUserOf(db, request);
      return ok(await rotateApiKey(db, caller, (request.params as { id: number }).id));
    },
  );
};
