// A declared table's edit form: an input per writable field of the edit view, the others read-only;
// only what the user may change and did change goes out. The declaration is the one the resource
// context names.
import type { ReactNode } from 'react';
import { Edit, type EditProps, type RaRecord, SimpleForm } from 'react-admin';
import { useApiErrorNotify } from '../components/useApiErrorNotify';
import { DetailActions, EditToolbar } from './buttons';
import { fieldsIn, writableFields } from './declarations';
import { FormCell, FormGrid, formFieldOf, useRuleValidators } from './inputs';
import { RecordHeading } from './RecordHeading';
import { ScopeField, useShownScopeColumns } from './ScopeInputs';
import { listRedirectOf } from './specRoute';
import { useDeclaration } from './useDeclaration';
import { useFieldLabel } from './useFieldLabel';

export interface GeneratedEditProps extends Partial<EditProps> {
  /** a form body of the table's own instead of the generated inputs; it lays itself out */
  fields?: ReactNode;
  /** shown above the form, under the heading (what an edit changes and what it leaves alone) */
  notice?: ReactNode;
}

export const GeneratedEdit = ({ fields, notice, ...props }: GeneratedEditProps) => {
  const decl = useDeclaration(props);
  const rules = useRuleValidators(decl);
  const notifyError = useApiErrorNotify();
  const labelOf = useFieldLabel(decl.name);
  const scopeColumns = useShownScopeColumns(decl);
  return (
    <Edit
      resource={decl.name}
      actions={<DetailActions decl={decl} view="edit" />}
      mutationMode="pessimistic"
      redirect={listRedirectOf(decl)}
      // a refusal lists each field with its violation (spec 5); code 2 also marks the fields
      mutationOptions={{ onError: (error: unknown) => notifyError(error, undefined, labelOf) }}
      // Only what the user may change and did change goes out: no id, times, scope or read-only fields.
      transform={(data: RaRecord, options?: { previousData?: RaRecord }) =>
        writableFields(decl, 'edit', data, options?.previousData)
      }
      {...props}
    >
      <RecordHeading decl={decl} view="edit" />
      {notice}
      {fields ? (
        <SimpleForm toolbar={<EditToolbar decl={decl} />} sx={{ maxWidth: 'none' }}>
          {fields}
        </SimpleForm>
      ) : (
        <SimpleForm toolbar={<EditToolbar decl={decl} />}>
          <FormGrid>
            {scopeColumns.map((c) => (
              <FormCell key={c}>
                <ScopeField resource={decl.name} source={c} />
              </FormCell>
            ))}
            {fieldsIn(decl, 'edit').map((field) => formFieldOf(decl, field, 'edit', rules))}
          </FormGrid>
        </SimpleForm>
      )}
    </Edit>
  );
};
