// The merchant's signup as the server answers it (docs/api.md, "Organisation, signup approval and
// audit"): GET and POST /organization/signup both answer a SignupView.
import type { ApprovalState, RequestKind, SignupState } from '../../../contract';
import { ERRORS, type FieldViolation } from '../../../contract';
import { toApiErrorLike } from '../../components/apiError';

export const SIGNUP_PATH = '/organization/signup';

type Text = string | null;

export interface SignupRequest {
  id: number;
  requestKind: RequestKind;
  approval: ApprovalState;
  companyName: string;
  brandName: Text;
  storeName: Text;
  contactEmail: Text;
  contactMobile: Text;
  reason: Text;
  createTime: string;
  decidedAt: Text;
}

export interface SignupCompany {
  name: string;
  registrationNo: Text;
  address: Text;
  contactEmail: Text;
  phone: Text;
}

export interface SignupBrand {
  name: string;
  description: Text;
  website: Text;
}

export interface SignupStore {
  name: string;
  address: Text;
  postalCode: Text;
  latitude: number | null;
  longitude: number | null;
  phone: Text;
  openingHours: Text;
}

export interface SignupView {
  signupState: SignupState;
  request: SignupRequest | null;
  company: SignupCompany | null;
  brand: SignupBrand | null;
  store: SignupStore | null;
}

/** The body of POST /organization/signup: every field the form shows, an empty optional one as null. */
export interface SignupBody {
  company: {
    name: string;
    registrationNo: string;
    address: Text;
    contactEmail: string;
    phone: Text;
  };
  brand: { name: string; description: Text; website: Text };
  store: {
    name: string;
    address: string;
    postalCode: Text;
    latitude: number | null;
    longitude: number | null;
    phone: Text;
    openingHours: Text;
  };
}

/** The form's values: the body's shape, with what the inputs hold (text may be '' or undefined). */
export type SignupValues = {
  [K in keyof SignupBody]: { [F in keyof SignupBody[K]]?: SignupBody[K][F] | '' };
};

export const COMPANY_FIELDS = ['name', 'registrationNo', 'address', 'contactEmail', 'phone'] as const;
export const BRAND_FIELDS = ['name', 'description', 'website'] as const;
export const STORE_FIELDS = [
  'name',
  'address',
  'postalCode',
  'latitude',
  'longitude',
  'phone',
  'openingHours',
] as const;

/** The form's fields in step order (their `source` paths). */
export const STEP_FIELDS: readonly (readonly string[])[] = [
  COMPANY_FIELDS.map((f) => `company.${f}`),
  BRAND_FIELDS.map((f) => `brand.${f}`),
  STORE_FIELDS.map((f) => `store.${f}`),
];

/** The step (0, 1, 2) a field path such as 'store.latitude' belongs to; 0 when it names none. */
export const stepOf = (path: string): number => {
  const index = STEP_FIELDS.findIndex((fields) => fields.some((f) => path === f || path.startsWith(`${f}.`)));
  if (index >= 0) return index;
  if (path.startsWith('brand')) return 1;
  if (path.startsWith('store')) return 2;
  return 0;
};

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const optionalText = (value: unknown): Text => textOf(value) || null;
const optionalNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The request body from the form's values: text trimmed, an empty optional field sent as null. */
export const toSignupBody = (values: SignupValues): SignupBody => ({
  company: {
    name: textOf(values.company?.name),
    registrationNo: textOf(values.company?.registrationNo),
    address: optionalText(values.company?.address),
    contactEmail: textOf(values.company?.contactEmail),
    phone: optionalText(values.company?.phone),
  },
  brand: {
    name: textOf(values.brand?.name),
    description: optionalText(values.brand?.description),
    website: optionalText(values.brand?.website),
  },
  store: {
    name: textOf(values.store?.name),
    address: textOf(values.store?.address),
    postalCode: optionalText(values.store?.postalCode),
    latitude: optionalNumber(values.store?.latitude),
    longitude: optionalNumber(values.store?.longitude),
    phone: optionalText(values.store?.phone),
    openingHours: optionalText(values.store?.openingHours),
  },
});

const pick = <T extends object, K extends readonly (keyof T)[]>(row: T | null, keys: K) =>
  Object.fromEntries(keys.map((k) => [k, row?.[k] ?? ''])) as {
    [P in K[number]]: Exclude<T[P], null> | '';
  };

/** The form's starting values: the previous (rejected) submission's rows, or empty. */
export const toSignupValues = (view: SignupView | null): SignupValues => ({
  company: pick(view?.company ?? null, COMPANY_FIELDS),
  brand: pick(view?.brand ?? null, BRAND_FIELDS),
  store: pick(view?.store ?? null, STORE_FIELDS),
});

/**
 * Code 2's violations as `{ 'company.name': message }`, one message per field. The server may list a
 * field more than once (a nullable optional field answers 'must be null' and 'must match a schema in
 * anyOf' besides the real problem): the first other message is kept.
 */
export const signupViolations = (error: unknown): Record<string, string> | undefined => {
  const e = toApiErrorLike(error);
  if (e.code !== ERRORS.PARAMETER_VALIDATION_FAILED.code || !Array.isArray(e.data)) return undefined;
  const noise = (m: string) => m === 'must be null' || m.includes('anyOf');
  const out: Record<string, string> = {};
  for (const v of e.data as Partial<FieldViolation>[]) {
    if (typeof v?.field !== 'string' || typeof v.message !== 'string') continue;
    const field = v.field.replace(/^\//, '').replace(/\//g, '.');
    if (out[field] === undefined || (noise(out[field]) && !noise(v.message))) out[field] = v.message;
  }
  return Object.keys(out).length ? out : undefined;
};
