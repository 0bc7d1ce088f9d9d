// A declaration's allow-list for server/platform/list/query.ts: filters, sort, search and project exactly
// as declared (plus the implied id, createTime/updateTime and scope columns). Anything undeclared
// is refused there with code 2.
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { type DerivedTable, hasTrigramIndex, isTextField, ownFields } from '../platform/db/derive-tables';
import { addedScopeColumns } from '../platform/db/naming';
import type { ListField, FieldType as ListFieldType, ListSpec } from '../platform/list/types';

const listTypeOf = (f: FieldDeclaration): ListFieldType => {
  if (isTextField(f)) return 'text';
  switch (f.type) {
    case 'number':
    case 'money':
    case 'reference':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
      return 'datetime';
    case 'select':
      return f.numeric ? 'number' : 'enum';
    case 'json':
      // not 'text': the parser would search it with a plain ILIKE, which jsonb lacks; other types
      // are searched as ::text (json declares no filter operators, so 'enum' adds no filter)
      return 'enum';
    default: {
      const never: never = f;
      throw new Error(`unknown field type ${JSON.stringify(never)}`);
    }
  }
};

export const listSpecFor = (decl: ResourceDeclaration, table: DerivedTable): ListSpec => {
  const spec: ListSpec = { id: { column: table.id, type: 'number', filter: ['eq', 'in'], sort: true } };
  for (const c of addedScopeColumns(decl)) {
    const column = table[c];
    if (column) spec[c] = { column, type: 'number', filter: ['eq', 'in'] };
  }
  for (const f of ownFields(decl)) {
    const column = table[f.name];
    if (!column) throw new Error(`${decl.name}: no column for ${f.name}`);
    const field: ListField = { column, type: listTypeOf(f) };
    if (f.type === 'select' && !f.numeric) field.values = f.choices;
    if (f.filter && f.filter.length > 0) field.filter = f.filter;
    if (f.sortable) field.sort = true;
    if (f.search) field.search = true;
    // known for every declared field: the large-table rule refuses searches no index answers
    if (f.search || (f.filter ?? []).includes('regex')) field.trigram = hasTrigramIndex(f);
    spec[f.name] = field;
  }
  spec.createTime = { column: table.createTime, type: 'datetime', filter: ['gte', 'lte'], sort: true };
  spec.updateTime = { column: table.updateTime, type: 'datetime', filter: ['gte', 'lte'], sort: true };
  return spec;
};
