// Names the derived tables use, in one place: the table builder creates constraints with them and the
// service maps a violated constraint back to the declared field it guards.
import { addedScopeColumns, SCOPE_COLUMNS, type ScopeColumn, scopeColumnsOf } from '../../../resources/scope';
import type { ResourceDeclaration } from '../../../resources/types';

/** camelCase → snake_case: `voucherPackId` → `voucher_pack_id`. */
export const snake = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

export const tableNameOf = (decl: Pick<ResourceDeclaration, 'name'>): string => snake(decl.name);

export { addedScopeColumns, SCOPE_COLUMNS, type ScopeColumn, scopeColumnsOf };

/**
 * The key on a row that holds scope column `c`: the row's own `id` when the resource is that scope's
 * table (a company's company is itself), else the column of that name.
 */
export const scopeKey = (decl: Pick<ResourceDeclaration, 'name'>, c: ScopeColumn): string =>
  SCOPE_COLUMNS[c] === decl.name ? 'id' : c;

/**
 * The scope a merchant sees a resource's rows in: the declared one, except that the company table,
 * declared unscoped, is scoped by its own id (a merchant's own company).
 */
export const effectiveScope = (
  decl: Pick<ResourceDeclaration, 'name' | 'scope'>,
): ResourceDeclaration['scope'] =>
  decl.scope === 'none' && decl.name === SCOPE_COLUMNS.companyId ? 'company' : decl.scope;

export const uniqueName = (table: string, field: string) => `${table}_${snake(field)}_uq`;
export const indexName = (table: string, field: string) => `${table}_${snake(field)}_idx`;
/** A list's index: its scope column (none for operators' lists), its default sort, then id. */
export const listIndexName = (table: string, scope: string, sort: string) =>
  `${table}_${scope ? `${snake(scope)}_` : ''}${snake(sort)}_list_idx`;
export const fkName = (table: string, field: string) => `${table}_${snake(field)}_fk`;
export const checkName = (table: string, field: string, what: string) =>
  `${table}_${snake(field)}_${what}_ck`;

/** Which field a constraint created by the names above guards (undefined for any other name). */
export const fieldOfConstraint = (
  decl: Pick<ResourceDeclaration, 'name' | 'scope' | 'fields'>,
  constraint: string,
): string | undefined => {
  const table = tableNameOf(decl);
  const names = [...decl.fields.map((f) => f.name), ...addedScopeColumns(decl)];
  // longest first, so `store_id` does not win over `redeemed_store_id`
  const sorted = names.sort((a, b) => snake(b).length - snake(a).length);
  return sorted.find((n) => constraint.startsWith(`${table}_${snake(n)}_`));
};
