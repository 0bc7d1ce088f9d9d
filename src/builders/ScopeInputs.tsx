import {
  AutocompleteInput,
  Labeled,
  type RaRecord,
  ReferenceInput,
  required,
  SelectInput,
  type SortPayload,
  useGetIdentity,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { resourceByName } from '../../resources';
import { CompanyPicker, useCompanyField } from '../components/CompanyPicker';
import { useRole } from './buttons';
import type { ResourceDeclaration } from './declarations';
import {
  type DeeperScopeColumn,
  fieldLabelKey,
  SCOPE_COLUMNS,
  type ScopeColumn,
  shownScopeColumns,
} from './declarations';
import { RefField } from './display';

/** The scope columns the form picked (numbers only: an unpicked one is left to the server). */
export const scopeValues = (columns: readonly ScopeColumn[], data: RaRecord): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const c of columns) {
    const v: unknown = data[c];
    if (typeof v === 'number') out[c] = v;
  }
  return out;
};

/** The referenced resource's own default order (brands and stores by name). */
const sortOf = (resource: string): SortPayload => {
  const ref = resourceByName(resource);
  return ref
    ? { field: ref.defaultSort.field, order: ref.defaultSort.direction === 'desc' ? 'DESC' : 'ASC' }
    : { field: 'id', order: 'ASC' };
};

/** react-admin keeps a validator's message and arguments in one string; this reads it back. */
const RA_MESSAGE = '@@react-admin@@';
const useErrorText = (message: string | undefined): string | undefined => {
  const translate = useTranslate();
  if (!message) return undefined;
  if (!message.startsWith(RA_MESSAGE)) return translate(message, { _: message });
  const parsed = JSON.parse(message.slice(RA_MESSAGE.length)) as
    | string
    | { message: string; args?: Record<string, unknown> };
  return typeof parsed === 'string'
    ? translate(parsed, { _: parsed })
    : translate(parsed.message, { _: parsed.message, ...parsed.args });
};

/**
 * The operator's company (the shared searchable picker), held as `companyId`. Another company clears
 * the brand and store, which belonged to the one before.
 */
const CompanyScopeInput = ({ resource, deeper }: { resource: string; deeper: readonly ScopeColumn[] }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const company = useCompanyField({
    isRequired: true,
    onPick: () => {
      for (const c of deeper) setValue(c, null, { shouldDirty: true });
    },
  });
  const error = useErrorText(company.error?.message);
  return (
    <CompanyPicker
      {...company.picker}
      value={company.valueNamed()}
      label={`${translate(fieldLabelKey(resource, { name: 'companyId' }))} *`}
      {...(error ? { error } : {})}
      sx={{ width: '100%', maxWidth: 480, mb: 1 }}
    />
  );
};

/**
 * A brand (store) of the row, from the `brand` (`store`) resource: for an operator, one of the chosen
 * company's (none offered before a company is chosen); for a merchant, one of their own, as the API
 * scopes the list.
 */
const DeeperScopeInput = ({
  resource,
  column,
  companyId,
  waitForCompany,
}: {
  resource: string;
  column: DeeperScopeColumn;
  companyId: number | undefined;
  waitForCompany: boolean;
}) => {
  const reference = SCOPE_COLUMNS[column];
  const label = fieldLabelKey(resource, { name: column });
  if (waitForCompany && companyId === undefined)
    return (
      <SelectInput
        source={column}
        label={label}
        choices={[]}
        validate={required()}
        disabled
        helperText="builders.scope.company_first"
      />
    );
  return (
    <ReferenceInput
      source={column}
      reference={reference}
      sort={sortOf(reference)}
      perPage={100}
      filter={companyId === undefined ? {} : { companyId }}
    >
      <SelectInput label={label} validate={required()} />
    </ReferenceInput>
  );
};

/**
 * Whose row a create makes. Operators pick the company, then the brand (store) of a brand (store)
 * scoped resource; a merchant's come from their organisation (the server fills them), except a brand
 * (store) they have none of, which they pick among their company's.
 */
export const ScopeInputs = ({
  decl,
  columns,
}: {
  decl: ResourceDeclaration;
  columns: readonly ScopeColumn[];
}) => {
  const role = useRole();
  const { identity, isPending } = useGetIdentity();
  const picked: unknown = useWatch({ name: 'companyId' });
  if (isPending || role === undefined) return null;
  const deeper = columns.filter((c): c is DeeperScopeColumn => c !== 'companyId');
  if (role === 'operator') {
    const companyId = typeof picked === 'number' ? picked : undefined;
    return (
      <>
        {columns.includes('companyId') ? <CompanyScopeInput resource={decl.name} deeper={deeper} /> : null}
        {deeper.map((c) => (
          <DeeperScopeInput key={c} resource={decl.name} column={c} companyId={companyId} waitForCompany />
        ))}
      </>
    );
  }
  const own: unknown = identity?.companyId;
  const companyId = typeof own === 'number' ? own : undefined;
  const missing = shownScopeColumns(decl, role, identity).filter((c) => columns.includes(c));
  if (companyId === undefined || missing.length === 0) return null;
  return (
    <>
      {missing.map((c) => (
        <DeeperScopeInput
          key={c}
          resource={decl.name}
          column={c}
          companyId={companyId}
          waitForCompany={false}
        />
      ))}
    </>
  );
};

/**
 * The brand (store) columns the signed-in user sees on `decl`'s rows (declarations.ts
 * shownScopeColumns): none until their role and identity are known.
 */
export const useShownScopeColumns = (decl: ResourceDeclaration): DeeperScopeColumn[] => {
  const role = useRole();
  const { identity, isPending } = useGetIdentity();
  return isPending ? [] : shownScopeColumns(decl, role, identity);
};

/** A list filter on a row's brand (store), among those the user may list (the API scopes them). */
export const ScopeFilter = ({ resource, source }: { resource: string; source: DeeperScopeColumn }) => {
  const translate = useTranslate();
  const reference = SCOPE_COLUMNS[source];
  return (
    <ReferenceInput source={source} reference={reference} sort={sortOf(reference)}>
      <AutocompleteInput
        label={translate(fieldLabelKey(resource, { name: source }))}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>
  );
};

/** A row's brand (store) on its show and edit pages: a link to it, never an input (see docs/decisions.md). */
export const ScopeField = ({ resource, source }: { resource: string; source: DeeperScopeColumn }) => (
  <Labeled label={fieldLabelKey(resource, { name: source })} source={source}>
    <RefField source={source} reference={SCOPE_COLUMNS[source]} />
  </Labeled>
);
