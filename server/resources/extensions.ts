// What a domain adds to the generic service (service.ts) for one declared table, beyond what its
// declaration can say: a check before a create or update writes, and what a write sets off inside its
// transaction. The engine only defines their shape; the domains write them and the tables domain hands
// each table's to the service (server/domains/tables/extensions.ts), so the engine imports no domain.
import type { DbOrTx } from '../platform/audit';
import type { Row } from './rules';

export interface WriteCheck {
  /** the fields it reads: a bulk update naming none of them needs no check (each row is read alone) */
  fields: readonly string[];
  /** the row as it would be stored (an update's changes over the stored row) and its company: throws the
   * contract's error (code 2 naming the field) or answers nothing */
  check: (db: DbOrTx, row: Row, companyId: number | null) => void | Promise<void>;
}

export interface WriteHooks {
  /** after rows were created, updated or deleted, in the write's transaction: may refuse (rolls it back) */
  afterWrite?: (tx: DbOrTx, written: readonly { before?: Row; after?: Row }[]) => Promise<void>;
  /** before rows are deleted, in the write's transaction: may refuse */
  beforeDelete?: (tx: DbOrTx, ids: readonly number[]) => Promise<void>;
}

/** One table's additions; a table without any is written plainly. */
export interface TableExtension {
  check?: WriteCheck;
  hooks?: WriteHooks;
}
