// Main config API (spec section 7, base /portal-main-service/api/v1/config/main).
// Reads: any signed-in user (the portal needs banner and stamp-card defaults everywhere);
// writes: whoever canAccess allows UPDATE/ADD on mainConfig, i.e. operators (merchants get 26237).
// /supported-countries is public. "The caller's country" is X-Country, falling back to sg when
// the header names no supported country.

import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PermissionAction } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { IMAGE_ADDRESS_PATTERN } from '../../../contract/validation';
import { COUNTRY_CODE_PATTERN, resolveCountry, supportedCountries } from '../../platform/countries';
import type { RoutePlugin } from '../../platform/http/app-types';
import { tagRoutes } from '../../platform/http/docs';
import { isNoCount, listQueryOrThrow } from '../../platform/list/query';
import { answers, NoData } from '../../resources/answers';
import {
  BannerSchema,
  CountryMainConfigSchema,
  ImagesSchema,
  MainConfigListRowSchema,
  MainConfigSchema,
  SupportedCountriesSchema,
} from '../../resources/answers-settings';
import { authorize } from '../../resources/authorize';
import { callerOf } from '../access/caller';
import { requireUser } from '../access/guard';
import {
  createMainConfig,
  deleteMainConfig,
  getMainConfig,
  listMainConfigs,
  type MainConfigFields,
  mainConfigListSpec,
  mainConfigOfCountry,
  updateMainConfig,
  upsertMainConfigOfCountry,
} from './config-main';

/** a picture: a web address or a file of the file store, never its bytes (contract/validation.ts) */
const Url = Type.String({ minLength: 1, maxLength: 2048, pattern: IMAGE_ADDRESS_PATTERN });
const BannerItem = Type.Object(
  {
    imageUrl: Url,
    linkUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const Banner = Type.Array(BannerItem, { maxItems: 50 });
const Images = Type.Array(Url, { maxItems: 50 });
const Price = Type.Number({ minimum: 0, maximum: 9_999_999_999 });
const Currency = Type.String({ pattern: '^[A-Z]{3}$' });
const Country = Type.String({ pattern: COUNTRY_CODE_PATTERN });

const fields = {
  banner: Type.Optional(Banner),
  stampCardDefaultImages: Type.Optional(Images),
  stampCardDefaultPrice: Type.Optional(Price),
  currency: Type.Optional(Currency),
};
const CreateBody = Type.Object({ country: Country, ...fields }, { additionalProperties: false });
const UpdateBody = Type.Object(
  { country: Type.Optional(Country), ...fields },
  { additionalProperties: false },
);
const CountryBody = Type.Object(fields, { additionalProperties: false });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** Fields `GET /country?field=` may name. */
const COUNTRY_FIELDS = [
  'id',
  'country',
  'banner',
  'stampCardDefaultImages',
  'stampCardDefaultPrice',
  'currency',
] as const;

export const configMainRoutes: RoutePlugin = async (app) => {
  tagRoutes(app, 'config');
  const { db } = app;

  /** The writer as the audit log names them, once access is checked. */
  const mayWrite = async (request: FastifyRequest, action: PermissionAction) => {
    // mainConfig is operator-only: merchants are refused whatever their permissions
    const caller = await callerOf(db, request);
    authorize(caller, { resource: 'mainConfig', action });
    return { id: caller.id, email: caller.email };
  };
  const countryOf = async (request: FastifyRequest) =>
    (await resolveCountry(db, request.headers['x-country'])).countryCode;
  /** The main config of the signed-in caller's country. */
  const readCountry = async (request: FastifyRequest) => {
    requireUser(request);
    return mainConfigOfCountry(db, await countryOf(request));
  };
  /** Writes `patch` to the main config of the caller's country, for a caller who may (mayWrite). */
  const writeCountry = async (request: FastifyRequest, patch: MainConfigFields) => {
    const actor = await mayWrite(request, 'UPDATE');
    return upsertMainConfigOfCountry(db, await countryOf(request), patch, actor);
  };

  app.get(
    '/supported-countries',
    {
      config: { public: true },
      schema: {
        summary: 'The countries the product supports (public)',
        response: answers(SupportedCountriesSchema),
      },
    },
    async () => ok({ supportedCountries: await supportedCountries(db) }),
  );

  app.post(
    '',
    {
      schema: {
        summary: 'Create the main configuration of a country (operators)',
        body: CreateBody,
        response: answers(MainConfigSchema),
      },
    },
    async (request) => {
      const actor = await mayWrite(request, 'ADD');
      return ok(await createMainConfig(db, request.body, actor));
    },
  );

  app.get(
    '',
    {
      schema: {
        summary: 'List the main configurations, one per country',
        response: answers(Type.Array(MainConfigListRowSchema), { paged: true }),
      },
    },
    async (request) => {
      requireUser(request);
      const list = listQueryOrThrow(request.query, mainConfigListSpec);
      const { data, page } = await listMainConfigs(db, list, isNoCount(request.headers));
      return ok(data, page);
    },
  );

  app.get(
    '/country',
    {
      schema: {
        summary: 'The main configuration of the caller’s country (X-Country)',
        querystring: Type.Object({
          field: Type.Optional(Type.Union(COUNTRY_FIELDS.map((f) => Type.Literal(f)))),
        }),
        response: answers(CountryMainConfigSchema),
      },
    },
    async (request) => {
      const row = await readCountry(request);
      const { field } = request.query;
      // one field still comes back as an object, so `data.<field>` reads the same either way
      return ok(field ? { id: row.id, country: row.country, [field]: row[field] } : row);
    },
  );

  app.put(
    '/country',
    {
      schema: {
        summary: 'Change the main configuration of the caller’s country (operators)',
        body: CountryBody,
        response: answers(MainConfigSchema),
      },
    },
    async (request) => ok(await writeCountry(request, request.body)),
  );

  app.get(
    '/country/banner',
    { schema: { summary: 'The banner of the caller’s country', response: answers(BannerSchema) } },
    async (request) => ok((await readCountry(request)).banner),
  );

  app.put(
    '/country/banner',
    {
      schema: {
        summary: 'Replace the banner of the caller’s country (operators)',
        body: Type.Object({ banner: Banner }, { additionalProperties: false }),
        response: answers(BannerSchema),
      },
    },
    async (request) => ok((await writeCountry(request, { banner: request.body.banner })).banner),
  );

  app.get(
    '/stamp-card/default-images',
    {
      schema: {
        summary: 'The default stamp-card images of the caller’s country',
        response: answers(ImagesSchema),
      },
    },
    async (request) => ok((await readCountry(request)).stampCardDefaultImages),
  );

  app.patch(
    '/stamp-card/default-images',
    {
      schema: {
        summary: 'Replace the default stamp-card images of the caller’s country (operators)',
        body: Type.Object({ images: Images }, { additionalProperties: false }),
        response: answers(ImagesSchema),
      },
    },
    async (request) =>
      ok(
        (await writeCountry(request, { stampCardDefaultImages: request.body.images })).stampCardDefaultImages,
      ),
  );

  app.get(
    '/stamp-card/default-price',
    {
      schema: {
        summary: 'The default stamp-card price of the caller’s country',
        response: answers(
          Type.Object({
            price: Type.Number({ description: "a new programme's default price" }),
            currency: Type.String(),
          }),
        ),
      },
    },
    async (request) => {
      const row = await readCountry(request);
      return ok({ price: row.stampCardDefaultPrice, currency: row.currency });
    },
  );

  mainConfigByIdRoutes(app, mayWrite);
};

/** One main configuration by its id: read it, change it, delete it. */
const mainConfigByIdRoutes = (
  app: Parameters<RoutePlugin>[0],
  mayWrite: (request: FastifyRequest, action: PermissionAction) => Promise<{ id: number; email: string }>,
): void => {
  const { db } = app;
  app.get(
    '/:id',
    { schema: { summary: 'One main configuration', params: IdParams, response: answers(MainConfigSchema) } },
    async (request) => {
      requireUser(request);
      return ok(await getMainConfig(db, request.params.id));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        summary: 'Change a main configuration (operators)',
        params: IdParams,
        body: UpdateBody,
        response: answers(MainConfigSchema),
      },
    },
    async (request) => {
      const actor = await mayWrite(request, 'UPDATE');
      return ok(await updateMainConfig(db, request.params.id, request.body, actor));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a main configuration (operators)',
        params: IdParams,
        response: answers(NoData),
      },
    },
    async (request) => {
      const actor = await mayWrite(request, 'UPDATE');
      await deleteMainConfig(db, request.params.id, actor);
      return ok(null);
    },
  );
};
