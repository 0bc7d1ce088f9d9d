// A list's filter inputs, from the declared operators of each field: eq and in share one input, regex
// a text input, gte and lte a range; operators also get a company filter on company-scoped tables.
import { type ComponentType, type ReactElement, type ReactNode, Suspense } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { DateInputProps } from '../components/DatePickers';
import { lazyFrom, moduleLoader } from '../components/lazyModule';
import { choicesOf } from './choices';
import type { FieldDeclaration, FilterOperatorName, ResourceDeclaration } from './declarations';
import { addedScopeColumns, fieldLabelKey, SCOPE_COLUMNS } from './declarations';

// The date pickers (MUI X, ~58 kB gzip) load when a date filter shows, not with every list (issue 39):
// a date filter is never shown from the start (only the select and search filters are alwaysOn),
// unless the address carries one. Its own Suspense, so that the list around it stays as it is.
const datePickers = moduleLoader(() => import('../components/DatePickers'));
const datePicker = (
  pick: (m: typeof import('../components/DatePickers')) => ComponentType<DateInputProps>,
) => {
  const Lazy = lazyFrom(datePickers, pick);
  return (props: DateInputProps) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
};
const DayInput = datePicker((m) => m.DayInput);
const TimeInput = datePicker((m) => m.TimeInput);

/** A filter's label: the field's own label, with 'from' / 'to' / 'matches' for the operator inputs. */
const FilterLabel = ({
  resource,
  field,
  op,
}: {
  resource: string;
  field: FieldDeclaration;
  op: FilterOperatorName;
}) => {
  const translate = useTranslate();
  const name = translate(fieldLabelKey(resource, field));
  return op === 'eq' || op === 'in' ? name : translate(`builders.filter.${op}`, { field: name });
};

/** The react-admin filter key of an operator; the data provider maps the suffix back (toContractFilters). */
export const filterSource = (field: string, op: FilterOperatorName): string =>
  op === 'eq' || op === 'in' ? field : `${field}_${op}`;

const rangeInput = (field: FieldDeclaration, source: string, label: ReactNode): ReactElement => {
  switch (field.type) {
    case 'date':
      return <DayInput key={source} source={source} label={label} />;
    case 'datetime':
      return <TimeInput key={source} source={source} label={label} />;
    default:
      return <NumberInput key={source} source={source} label={label} />;
  }
};

const filterInputsOf = (resource: string, field: FieldDeclaration): ReactElement[] => {
  const ops = field.filter ?? [];
  const out: ReactElement[] = [];
  const label = (op: FilterOperatorName) => <FilterLabel resource={resource} field={field} op={op} />;
  const source = field.name;
  // eq and in share one input: a multi-select sends `in`, a single value sends `eq`.
  const multi = ops.includes('in');
  if (ops.includes('eq') || multi) {
    const eqLabel = label(multi ? 'in' : 'eq');
    switch (field.type) {
      case 'select': {
        const choices = choicesOf(resource, field);
        out.push(
          multi ? (
            <SelectArrayInput key={source} source={source} label={eqLabel} choices={choices} alwaysOn />
          ) : (
            <SelectInput key={source} source={source} label={eqLabel} choices={choices} alwaysOn />
          ),
        );
        break;
      }
      case 'reference':
        out.push(
          <ReferenceInput key={source} source={source} reference={field.reference} label={eqLabel}>
            <SelectInput label={eqLabel} />
          </ReferenceInput>,
        );
        break;
      case 'boolean':
        out.push(<BooleanInput key={source} source={source} label={eqLabel} />);
        break;
      case 'number':
      case 'money':
        out.push(<NumberInput key={source} source={source} label={eqLabel} />);
        break;
      case 'date':
        out.push(<DayInput key={source} source={source} label={eqLabel} />);
        break;
      case 'text':
      case 'email':
      case 'phone':
      case 'url':
      case 'image':
      case 'datetime':
      case 'json':
        out.push(<TextInput key={source} source={source} label={eqLabel} />);
        break;
      default: {
        const never: never = field;
        throw new Error(`unknown field type ${String(never)}`);
      }
    }
  }
  if (ops.includes('regex')) {
    const key = filterSource(source, 'regex');
    out.push(<TextInput key={key} source={key} label={label('regex')} />);
  }
  for (const op of ['gte', 'lte'] as const) {
    if (ops.includes(op)) out.push(rangeInput(field, filterSource(source, op), label(op)));
  }
  return out;
};

/** Every filter input of the list: a search box for `q` when any field is searchable, then each field's. */
export const filtersOf = (decl: ResourceDeclaration): ReactElement[] => {
  const inputs: ReactElement[] = [];
  if (decl.fields.some((f) => f.search)) inputs.push(<SearchInput key="q" source="q" alwaysOn />);
  for (const field of decl.fields) inputs.push(...filterInputsOf(decl.name, field));
  if (decl.storage !== 'existing' && !decl.fields.some((f) => f.name === 'createTime')) {
    // every derived table has its creation time (server/resources/list-spec.ts): a date range on it
    inputs.push(...filterInputsOf(decl.name, CREATED));
  }
  return inputs;
};

const CREATED: FieldDeclaration = { name: 'createTime', type: 'datetime', filter: ['gte', 'lte'] };

/**
 * Operators read every company's rows: a company-scoped table's list shows each row's company and
 * filters by it (the server's list spec takes `companyId` eq/in on every derived table). Merchants
 * see their own company's rows only, so neither is theirs.
 */
export const showsCompany = (decl: ResourceDeclaration): boolean =>
  decl.storage !== 'existing' && addedScopeColumns(decl).includes('companyId');

export const CompanyFilter = ({ resource }: { resource: string; source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const label = translate(fieldLabelKey(resource, { name: 'companyId' }));
  return (
    <ReferenceInput source="companyId" reference={SCOPE_COLUMNS.companyId}>
      <AutocompleteInput label={label} sx={{ minWidth: 220 }} />
    </ReferenceInput>
  );
};
