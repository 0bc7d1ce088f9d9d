// A declared table's row as a type, read from the declaration itself (the declarations are `as const`):
// the portal, the server's services and the mocks name `WireRow<typeof vouchers>` instead of writing
// the row again. A field that is not `required` may be null; a select holds one of its choices (a
// numeric one, the choice's index); the scope columns the table gets from its `scope` are there.
import type { FieldDeclaration, Scope } from './types';

/** What a field holds, with `Time` for datetimes (an ISO string on the wire, a Date in the server). */
type ValueOf<F, Time> = F extends { type: 'text' | 'email' | 'phone' | 'url' | 'image' | 'date' }
  ? string
  : F extends { type: 'number' | 'money' | 'reference' }
    ? number
    : F extends { type: 'boolean' }
      ? boolean
      : F extends { type: 'datetime' }
        ? Time
        : F extends { type: 'select'; numeric: true }
          ? number
          : F extends { type: 'select'; choices: readonly (infer C)[] }
            ? C
            : unknown;

/** Never null, as server/platform/db/derive-tables.ts isNotNull: a default, an automatic time, or required and writable. */
type Nullable<F, V> = F extends { default: unknown }
  ? V
  : F extends { auto: unknown }
    ? V
    : F extends { required: true; readOnly: true }
      ? V | null
      : F extends { required: true }
        ? V
        : V | null;

type ScopeColumns<S> = S extends 'company'
  ? { companyId: number }
  : S extends 'brand'
    ? { companyId: number; brandId: number }
    : S extends 'store'
      ? { companyId: number; storeId: number }
      : Record<never, never>;

type FieldsOf<D extends { fields: readonly FieldDeclaration[] }, Time> = {
  [F in D['fields'][number] as F['name']]: Nullable<F, ValueOf<F, Time>>;
};

type RowOf<D extends { fields: readonly FieldDeclaration[]; scope: Scope }, Time> = {
  id: number;
  createTime: Time;
  updateTime: Time;
} & ScopeColumns<D['scope']> &
  FieldsOf<D, Time>;

/** A row of `D` as the API answers it (JSON: datetimes are ISO strings). */
export type WireRow<D extends { fields: readonly FieldDeclaration[]; scope: Scope }> = RowOf<D, string>;

/** A row of `D` as the database driver gives it to the server's services (datetimes are Dates). */
export type StoredRow<D extends { fields: readonly FieldDeclaration[]; scope: Scope }> = RowOf<D, Date>;
