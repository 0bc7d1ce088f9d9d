// Field validation messages in plain words, in one place (docs/decisions.md "Validation messages"):
// every schema keyword a request can fail (and every limit a form checks) maps to a stable key
// `validation.<name>` and an English sentence with polyglot placeholders (%{min}). The server puts the
// key, its params and the English sentence in each code-2 field error; the portal translates the key
// (en + zh-CN) and its form validators return the same keys.

/** E.164 as every phone field and the users API take it: '+' then 7 to 15 digits. */
export const PHONE_PATTERN = '^\\+[1-9][0-9]{6,14}$';
/** A `url` field: a web address. */
export const WEB_ADDRESS_PATTERN = '^https?://';
/**
 * An `image` field: a web address, or a file of the product's file store (contract/files.ts
 * fileUrlOf), never the picture's bytes in the row.
 */
export const IMAGE_ADDRESS_PATTERN = '^(https?://|/portal-main-service/api/v1/files/)';
/** A required text field: more than white space. */
export const NOT_BLANK_PATTERN = '\\S';
/** A date: the formats pass the year 0000, which no database stores. */
export const REAL_DATE_PATTERN = '^(?!0000)';

export const VALIDATION_MESSAGES = {
  required: 'Required',
  not_allowed: 'This field cannot be sent here',
  phone: 'Enter a phone number in international form, like +65 9123 4567',
  web_address: 'Enter a web address that starts with https:// or http://',
  image_address: 'Upload a picture, or enter a web address that starts with https:// or http://',
  email: 'Enter an e-mail address, like name@example.com',
  not_blank: 'Enter more than spaces',
  date: 'Enter a real date',
  time: 'Enter a real date and time',
  format: 'This is not in the expected form',
  min_length: 'Enter at least %{min} characters',
  max_length: 'Enter at most %{max} characters',
  min_value: 'Enter %{min} or more',
  max_value: 'Enter %{max} or less',
  one_of: 'Choose one of: %{options}',
  whole_number: 'Enter a whole number',
  number: 'Enter a number',
  text: 'Enter text',
  yes_no: 'Choose yes or no',
  list: 'Enter a list',
  object: 'Enter a group of values',
  min_items: 'Choose at least %{min}',
  max_items: 'Choose at most %{max}',
  invalid: 'This value is not accepted',
} as const;

export type ValidationName = keyof typeof VALIDATION_MESSAGES;
export type ValidationKey = `validation.${ValidationName}`;
export type ValidationParams = Record<string, string | number>;

export const validationKey = (name: ValidationName): ValidationKey => `validation.${name}`;

/** The English sentence of `name` with its placeholders filled. */
export const validationText = (name: ValidationName, params: ValidationParams = {}): string =>
  VALIDATION_MESSAGES[name].replace(/%\{(\w+)\}/g, (_, p: string) => String(params[p] ?? ''));

const PATTERN_NAMES: Record<string, ValidationName> = {
  [PHONE_PATTERN]: 'phone',
  [WEB_ADDRESS_PATTERN]: 'web_address',
  [IMAGE_ADDRESS_PATTERN]: 'image_address',
  [NOT_BLANK_PATTERN]: 'not_blank',
  [REAL_DATE_PATTERN]: 'date',
};

const FORMAT_NAMES: Record<string, ValidationName> = {
  email: 'email',
  uri: 'web_address',
  date: 'date',
  'date-time': 'time',
};

const TYPE_NAMES: Record<string, ValidationName> = {
  integer: 'whole_number',
  number: 'number',
  string: 'text',
  boolean: 'yes_no',
  array: 'list',
  object: 'object',
};

/** One failed schema keyword (Ajv's `keyword` and `params`) as a plain message's name and params. */
export const schemaViolation = (
  keyword: string | undefined,
  params: Record<string, unknown> = {},
): { name: ValidationName; params: ValidationParams } => {
  const limit = typeof params.limit === 'number' ? params.limit : undefined;
  switch (keyword) {
    case 'required':
      return { name: 'required', params: {} };
    case 'additionalProperties':
      return { name: 'not_allowed', params: {} };
    case 'pattern':
      return { name: PATTERN_NAMES[String(params.pattern)] ?? 'format', params: {} };
    case 'format':
      return { name: FORMAT_NAMES[String(params.format)] ?? 'format', params: {} };
    case 'minLength':
      return limit === 1
        ? { name: 'required', params: {} }
        : { name: 'min_length', params: { min: limit ?? 0 } };
    case 'maxLength':
      return { name: 'max_length', params: { max: limit ?? 0 } };
    case 'minimum':
      return { name: 'min_value', params: { min: limit ?? 0 } };
    case 'maximum':
      return { name: 'max_value', params: { max: limit ?? 0 } };
    case 'minItems':
      return { name: 'min_items', params: { min: limit ?? 0 } };
    case 'maxItems':
      return { name: 'max_items', params: { max: limit ?? 0 } };
    case 'enum':
    case 'const': {
      const allowed = Array.isArray(params.allowedValues)
        ? params.allowedValues
        : 'allowedValue' in params
          ? [params.allowedValue]
          : [];
      return { name: 'one_of', params: { options: allowed.map(String).join(', ') } };
    }
    case 'type': {
      const type = String(params.type).split(',')[0] ?? '';
      return { name: TYPE_NAMES[type] ?? 'invalid', params: {} };
    }
    default:
      return { name: 'invalid', params: {} };
  }
};

/** A field error of the named kind, as the server sends it: the English sentence, the key, the params. */
export const fieldViolation = (
  field: string,
  name: ValidationName,
  params: ValidationParams = {},
): { field: string; message: string; key: ValidationKey; params?: ValidationParams } => ({
  field,
  message: validationText(name, params),
  key: validationKey(name),
  ...(Object.keys(params).length > 0 ? { params } : {}),
});
