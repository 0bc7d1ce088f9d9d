// The organisation columns a declared table gets from its `scope`, shared by the server (tables,
// queries), the portal (company/brand/store pickers) and the mocks, so the three cannot drift apart.
import type { ResourceDeclaration } from './types';

/** The scope columns and the resource each one points to. */
export const SCOPE_COLUMNS = { companyId: 'company', brandId: 'brand', storeId: 'store' } as const;
export type ScopeColumn = keyof typeof SCOPE_COLUMNS;

/** The scope columns of a resource, outermost first. */
export const scopeColumnsOf = (decl: Pick<ResourceDeclaration, 'scope'>): ScopeColumn[] => {
  switch (decl.scope) {
    case 'none':
      return [];
    case 'company':
      return ['companyId'];
    case 'brand':
      return ['companyId', 'brandId'];
    case 'store':
      return ['companyId', 'storeId'];
    default: {
      const never: never = decl.scope;
      throw new Error(`unknown scope ${String(never)}`);
    }
  }
};

/**
 * The scope columns a derived table gets on top of its declared fields: a table is not its own
 * scope column (the company table's company is the row itself), and a column the declaration names
 * itself is a field.
 */
export const addedScopeColumns = (
  decl: Pick<ResourceDeclaration, 'name' | 'scope' | 'fields'>,
): ScopeColumn[] =>
  scopeColumnsOf(decl).filter(
    (c) => SCOPE_COLUMNS[c] !== decl.name && !decl.fields.some((f) => f.name === c),
  );
