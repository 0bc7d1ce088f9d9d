// The server's view of the resource registry: the derived declarations with their tables and
// allow-lists, and the hand-written tables that serve the 'existing' ones (for reference checks).
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import { type DerivedTable, isDerived } from '../platform/db/derive-tables';
import { userGroups } from '../platform/db/schema/rbac';
import { derivedTables } from '../platform/db/schema/resources';
import { users } from '../platform/db/schema/users';
import type { ListSpec } from '../platform/list/types';
import { listSpecFor } from './list-spec';

/** Tables of the declarations with storage 'existing', by declaration name. */
export const EXISTING_TABLES: Readonly<Record<string, PgTable & { id: AnyPgColumn }>> = { users, userGroups };

export interface DerivedResource {
  decl: ResourceDeclaration;
  table: DerivedTable;
  spec: ListSpec;
}

// by name at run time; the declarations' literal types are of no use to the generic service
const tableByName = derivedTables as unknown as Readonly<Record<string, DerivedTable>>;

export const DERIVED_RESOURCES: readonly DerivedResource[] = (RESOURCES as readonly ResourceDeclaration[])
  .filter(isDerived)
  .map((decl) => {
    const table = tableByName[decl.name];
    if (!table) throw new Error(`no derived table for ${decl.name}`);
    return { decl, table, spec: listSpecFor(decl, table) };
  });

const declByName = new Map<string, ResourceDeclaration>(
  (RESOURCES as readonly ResourceDeclaration[]).map((d) => [d.name, d]),
);

export const declarationOf = (name: string): ResourceDeclaration | undefined => declByName.get(name);

/** The declaration named `name`, for a module that cannot work without it: an unknown name throws at load. */
export const declared = (name: string): ResourceDeclaration => {
  const decl = declByName.get(name);
  if (!decl) throw new Error(`no declaration ${name}`);
  return decl;
};

/** The table behind any declared resource, derived or hand-written. */
export const tableOf = (name: string): (PgTable & { id: AnyPgColumn }) | undefined =>
  tableByName[name] ?? EXISTING_TABLES[name];
