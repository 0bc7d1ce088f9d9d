// A declared table's create form: whose row it is (the scope columns), then an input per writable
// field of the create view. Server-owned and operation-only fields are absent. The declaration is the
// one the resource context names.
import type { ReactNode } from 'react';
import { Create, type CreateProps, type RaRecord, SimpleForm } from 'react-admin';
import { useApiErrorNotify } from '../components/useApiErrorNotify';
import { creatableScopeColumns, fieldsIn, isUnwritable, writableFields } from './declarations';
import { FormCell, FormGrid, formFieldOf, useRuleValidators } from './inputs';
import { CreateHeading } from './RecordHeading';
import { ScopeInputs, scopeValues } from './ScopeInputs';
import { useDeclaration } from './useDeclaration';
import { useFieldLabel } from './useFieldLabel';

export interface GeneratedCreateProps extends Partial<CreateProps> {
  /**
   * A form body of the table's own instead of the generated inputs (a segment's filter editor), given
   * the scope inputs to place; it lays itself out (the form takes the page's width).
   */
  fields?: (scope: ReactNode) => ReactNode;
}

export const GeneratedCreate = ({ fields, ...props }: GeneratedCreateProps) => {
  const decl = useDeclaration(props);
  const rules = useRuleValidators(decl);
  const notifyError = useApiErrorNotify();
  const labelOf = useFieldLabel(decl.name);
  const scopeColumns = creatableScopeColumns(decl);
  const scope =
    scopeColumns.length > 0 ? (
      <FormCell wide>
        <ScopeInputs decl={decl} columns={scopeColumns} />
      </FormCell>
    ) : null;
  return (
    <Create
      resource={decl.name}
      redirect="show"
      mutationOptions={{ onError: (error: unknown) => notifyError(error, undefined, labelOf) }}
      transform={(data: RaRecord) => ({
        ...writableFields(decl, 'create', data),
        ...scopeValues(scopeColumns, data),
      })}
      {...props}
    >
      <CreateHeading decl={decl} />
      {fields ? (
        <SimpleForm sx={{ maxWidth: 'none' }}>{fields(scope)}</SimpleForm>
      ) : (
        <SimpleForm>
          <FormGrid>
            {scope}
            {fieldsIn(decl, 'create')
              .filter((f) => !isUnwritable(f))
              .map((field) => formFieldOf(decl, field, 'create', rules))}
          </FormGrid>
        </SimpleForm>
      )}
    </Create>
  );
};
