// Small pure helpers over a declaration, shared by the builder, its buttons and the editor page.

import type { Role } from '../../contract/claims';
import type { FilterOperator } from '../../contract/list-query';
import type { FieldDeclaration, ResourceDeclaration, View } from '../../resources/types';
import { VIEWS } from '../../resources/types';

export type {
  FieldDeclaration,
  MenuGroup,
  ResourceDeclaration,
  SelectFieldDeclaration,
  View,
} from '../../resources/types';
export type FilterOperatorName = FilterOperator;

export const inViews = (field: Pick<FieldDeclaration, 'views'>, view: View): boolean =>
  (field.views ?? VIEWS).includes(view);

export const fieldLabelKey = (resource: string, field: Pick<FieldDeclaration, 'name' | 'label'>): string =>
  field.label ?? `resources.${resource}.fields.${field.name}`;

export const resourceLabelKey = (decl: Pick<ResourceDeclaration, 'name' | 'label'>): string =>
  decl.label ?? `resources.${decl.name}.name`;

/** Set by the server alone: read-only fields and the dates it stamps (as server/resources/schemas.ts). */
const isServerOwned = (f: FieldDeclaration): boolean =>
  f.readOnly === true || ((f.type === 'date' || f.type === 'datetime') && f.auto !== undefined);

/**
 * Never written by a generic create or update: owned by the server, or moved only by the loyalty
 * operations (the server answers code 2 when a generic write names it). Shown read-only, never an input.
 */
export const isUnwritable = (f: FieldDeclaration): boolean => isServerOwned(f) || f.operationOnly === true;

/** The fields a user may send in `view`: shown there, not set by the server, not moved by operations. */
export const writableFieldNames = (decl: ResourceDeclaration, view: 'edit' | 'create'): string[] =>
  decl.fields.filter((f) => inViews(f, view) && !isUnwritable(f)).map((f) => f.name);

/**
 * `data` reduced to the writable fields of `view` (the body of a PUT or POST). Given the record as it
 * was, only the fields the user changed go out: the server leaves absent fields as they are, and a
 * field nobody touched is then never rewritten (nor fails a check it passed when it was stored).
 * A 0, '' or false the user entered is a value like any other and goes out as it is.
 */
export const writableFields = (
  decl: ResourceDeclaration,
  view: 'edit' | 'create',
  data: Record<string, unknown>,
  previous?: Record<string, unknown>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const name of writableFieldNames(decl, view)) {
    if (!(name in data) || data[name] === undefined) continue;
    if (previous && JSON.stringify(previous[name] ?? null) === JSON.stringify(data[name] ?? null)) continue;
    out[name] = data[name];
  }
  return out;
};

// ---- scope columns ------------------------------------------------------------------------------

import { addedScopeColumns, SCOPE_COLUMNS, type ScopeColumn } from '../../resources/scope';

export { addedScopeColumns, SCOPE_COLUMNS, type ScopeColumn };

/**
 * The scope columns a generic create may name: those of a derived table (a hand-written table's
 * routes take their own bodies). An operator picks them all; a merchant's come from their
 * organisation, except a brand (store) they have none of, which they pick within their company.
 */
export const creatableScopeColumns = (decl: ResourceDeclaration): ScopeColumn[] =>
  decl.storage === 'existing' ? [] : addedScopeColumns(decl);

/** A scope column below the company: the brand of a brand-scoped table, the store of a store-scoped one. */
export type DeeperScopeColumn = Exclude<ScopeColumn, 'companyId'>;

/**
 * The brand (store) column a caller sees on a brand (store) scoped table's rows, in its list (column and
 * filter), show and edit pages, and picks on create: an operator and a merchant of the whole company
 * (or, on a store-scoped table, of one brand) see each row's; a merchant limited to one brand (store)
 * sees none, since every row they reach is theirs and the server fills it in on create. `identity` is
 * the signed-in user (their companyId, brandId and storeId); an unknown role sees none.
 */
export const shownScopeColumns = (
  decl: ResourceDeclaration,
  role: Role | undefined,
  identity: Readonly<Record<string, unknown>> | undefined,
): DeeperScopeColumn[] => {
  if (role === undefined) return [];
  const deeper = creatableScopeColumns(decl).filter((c): c is DeeperScopeColumn => c !== 'companyId');
  return role === 'operator' ? deeper : deeper.filter((c) => typeof identity?.[c] !== 'number');
};

/** The fields a view shows, in declared order. */
export const fieldsIn = (decl: ResourceDeclaration, view: View): FieldDeclaration[] =>
  decl.fields.filter((f) => inViews(f, view));

/** The implied creation time as a list column (every derived table has it: server/resources/list-spec.ts). */
export const CREATE_TIME_COLUMN: FieldDeclaration = { name: 'createTime', type: 'datetime', sortable: true };

/**
 * The columns of a list: the fields it shows, and first, for a ledger whose rows carry no time of
 * their own (the wallet's), the creation time each movement was written at, sortable.
 */
export const listColumnsOf = (decl: ResourceDeclaration): FieldDeclaration[] => {
  const shown = fieldsIn(decl, 'list');
  const timed = decl.ledger === true && !decl.fields.some((f) => f.type === 'datetime');
  return timed ? [CREATE_TIME_COLUMN, ...shown] : shown;
};
