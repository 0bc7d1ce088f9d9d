// The public settings' and the main config's answers (contract/maintenance.ts,
// contract/system-config.ts, contract/config-main.ts), each the `data` a route's `answers(...)` wraps
// in the envelope (answers.ts).
import { Type } from 'typebox';
import { PUBLIC_SYSTEM_SETTINGS } from '../../contract/system-config';
import { listRowSchema, Nullable, orNull, rowTimes } from './answers';

const MaintenanceWindowSchema = Type.Object(
  {
    id: Type.Integer(),
    startAt: Type.String({ format: 'date-time' }),
    endAt: Type.String({ format: 'date-time' }),
    message: Type.String(),
    country: orNull('string', { description: 'null: every country' }),
  },
  { title: 'MaintenanceWindow' },
);

/** contract/maintenance.ts MaintenanceAnswer */
export const MaintenanceAnswerSchema = Type.Object(
  { active: Nullable(MaintenanceWindowSchema), next: Nullable(MaintenanceWindowSchema) },
  { title: 'MaintenanceAnswer' },
);

/** contract/system-config.ts PublicSystemSettings: each setting that is set; unset keys are absent. */
export const PublicSystemSettingsSchema = Type.Object(
  Object.fromEntries(PUBLIC_SYSTEM_SETTINGS.map((k) => [k, Type.Optional(Type.String())])),
  { title: 'PublicSystemSettings' },
);

// -- main config (contract/config-main.ts)

/** contract/config-main.ts BannerItem (a jsonb item: kept as stored) */
export const BannerItemSchema = Type.Object(
  {
    imageUrl: Type.Optional(Type.String()),
    linkUrl: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
  },
  { additionalProperties: true, title: 'BannerItem' },
);
export const BannerSchema = Type.Array(BannerItemSchema);
export const ImagesSchema = Type.Array(Type.String());

const mainConfigFields = {
  country: Type.String({ description: 'lower-case ISO code, e.g. sg' }),
  currency: Type.String(),
  banner: BannerSchema,
  stampCardDefaultImages: ImagesSchema,
  stampCardDefaultPrice: Type.Number({ description: "in the country's currency" }),
};

/** contract/config-main.ts MainConfig: a row of the main config table. */
export const MainConfigSchema = Type.Object(
  {
    id: Type.Integer(),
    ...mainConfigFields,
    ...rowTimes,
  },
  { title: 'MainConfig' },
);

/** A row of the main config list: the fields `project` asked for, and the id. */
export const MainConfigListRowSchema = listRowSchema(
  { ...mainConfigFields, ...rowTimes },
  'MainConfig list row',
);

/** The caller country's main config: its row, or its defaults (id and times null) before the first write. */
export const CountryMainConfigSchema = Type.Object(
  {
    id: orNull('integer', { description: 'null when the country has no row yet and the defaults are shown' }),
    country: Type.String({ description: 'lower-case ISO code, e.g. sg' }),
    // `field` answers that one field only (with id and country)
    ...Object.fromEntries(
      Object.entries(mainConfigFields)
        .filter(([k]) => k !== 'country')
        .map(([k, v]) => [k, Type.Optional(v)]),
    ),
    createTime: Type.Optional(orNull('string', { format: 'date-time' })),
    updateTime: Type.Optional(orNull('string', { format: 'date-time' })),
  },
  { title: 'CountryMainConfig' },
);

/** server/platform/countries.ts SupportedCountry */
export const SupportedCountriesSchema = Type.Object(
  {
    supportedCountries: Type.Array(
      Type.Object(
        { countryCode: Type.String(), currency: Type.String(), timeZone: Type.String() },
        { title: 'SupportedCountry' },
      ),
    ),
  },
  { title: 'SupportedCountries' },
);
