// A declared table's show page: the row's heading, then every field the show view declares, with
// the declared actions. The declaration is the one the resource context names.
import type { ReactNode } from 'react';
import { Show, type ShowProps, SimpleShowLayout, TextField } from 'react-admin';
import { LocalDateField } from '../components/LocalDateField';
import { DetailActions } from './buttons';
import { fieldsIn, SCOPE_COLUMNS } from './declarations';
import { displayOf, RefField } from './display';
import { RecordHeading } from './RecordHeading';
import { useShownScopeColumns } from './ScopeInputs';
import { useDeclaration } from './useDeclaration';

export type GeneratedShowProps = Partial<ShowProps> & {
  /** shown above the fields, inside the record's context (a closed company says what its state stops) */
  notice?: ReactNode;
};

/** A show with an aside: the aside beside the fields on a wide screen, under them on a narrow one. */
const ASIDE_LAYOUT = {
  '& .RaShow-main': {
    flexDirection: { xs: 'column', md: 'row' },
    alignItems: { xs: 'stretch', md: 'flex-start' },
    gap: 2,
  },
} as const;

export const GeneratedShow = ({ notice, ...props }: GeneratedShowProps) => {
  const decl = useDeclaration(props);
  const scopeColumns = useShownScopeColumns(decl);
  return (
    <Show
      resource={decl.name}
      actions={<DetailActions decl={decl} view="show" />}
      {...(props.aside ? { sx: ASIDE_LAYOUT } : {})}
      {...props}
    >
      <RecordHeading decl={decl} />
      {notice}
      <SimpleShowLayout>
        <TextField source="id" />
        {scopeColumns.map((c) => (
          <RefField key={c} source={c} reference={SCOPE_COLUMNS[c]} />
        ))}
        {/* SimpleShowLayout labels its direct children from their `source`, so each field is a direct child. */}
        {fieldsIn(decl, 'show').map((field) => ({ ...displayOf(decl.name, field, 'show'), key: field.name }))}
        <LocalDateField source="createTime" showTime />
        <LocalDateField source="updateTime" showTime />
      </SimpleShowLayout>
    </Show>
  );
};
