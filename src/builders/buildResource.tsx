// The portal side of a declaration: react-admin's resource module { list, show, edit, create, icon,
// recordRepresentation }, made from the declaration alone. One switch per field type for the column,
// the read-only field and the input (each ends in an exhaustive `never` check); filters from the
// declared operators; buttons only where the declaration's roles and the permission rule allow.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DevicesIcon from '@mui/icons-material/Devices';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import TableChartIcon from '@mui/icons-material/TableChart';
import { Box, Chip, InputAdornment, Typography } from '@mui/material';
import { type ComponentType, type ReactElement, type ReactNode, useMemo, useState } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  type CreateProps,
  DataTable,
  DateInput,
  DateTimeInput,
  Edit,
  type EditProps,
  EmailField,
  email,
  FunctionField,
  type Identifier,
  ImageField,
  Labeled,
  List,
  type ListProps,
  NumberField,
  NumberInput,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  required,
  SearchInput,
  SelectArrayInput,
  SelectField,
  SelectInput,
  Show,
  type ShowProps,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  type SortPayload,
  TextField,
  TextInput,
  UrlField,
  useCanAccess,
  useGetIdentity,
  useGetRecordRepresentation,
  useInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { RESOURCES } from '../../resources';
import { useCountry } from '../components/CountryContext';
import { LocalDateField } from '../components/LocalDateField';
import { useApiErrorNotify } from '../components/useApiErrorNotify';
import { useIsPhone } from '../components/useIsPhone';
import { useOwnCurrency } from '../components/useOwnCurrency';
import { PageLoader } from '../layout/DelayedLoader';
import { NotAllowedPage } from '../layout/NotAllowedPage';
import { type CompanyOption, CompanyPicker } from '../pages/organisation/CompanyPicker';
import { DetailActions, EditToolbar, ListActions, ListBulkActions, useRole } from './buttons';
import type {
  FieldDeclaration,
  FilterOperatorName,
  MenuGroup,
  ResourceDeclaration,
  ScopeColumn,
  SelectFieldDeclaration,
  View,
} from './declarations';
import {
  addedScopeColumns,
  creatableScopeColumns,
  fieldLabelKey,
  inViews,
  isUnwritable,
  resourceLabelKey,
  SCOPE_COLUMNS,
  writableFields,
} from './declarations';
import { limitValidators, ruleValidators } from './validators';

export interface ResourceModule {
  list: ComponentType<GeneratedListProps>;
  show: ComponentType<Partial<ShowProps>>;
  edit: ComponentType<Partial<EditProps>>;
  create: ComponentType<Partial<CreateProps>>;
  icon: ComponentType;
  recordRepresentation: string;
}

/** What an embedding page (the /DataTableEditView editor) may change about a generated list. */
export interface GeneratedListProps {
  /** the editor keeps its own query string: the list must not write its params there */
  disableSyncWithLocation?: boolean;
  storeKey?: string | false;
  /** replaces 'go to the show page' on a row click */
  onRowClick?: (id: RaRecord['id']) => void;
  /** replaces the Create link (the editor opens its own create view) */
  onCreate?: () => void;
  title?: ListProps['title'];
  /** a permanent filter the user cannot remove (e.g. one member's vouchers) */
  filter?: Record<string, unknown>;
  /** render nothing until the caller has a filter to apply */
  empty?: ListProps['empty'];
}

const GROUP_ICONS: Record<MenuGroup, ComponentType> = {
  user: PeopleIcon,
  stampCards: LoyaltyIcon,
  vouchers: CardGiftcardIcon,
  communications: CampaignIcon,
  transaction: ReceiptLongIcon,
  device: DevicesIcon,
  config: SettingsIcon,
  analytics: InsightsIcon,
  finance: AccountBalanceWalletIcon,
  organization: ApartmentIcon,
  approve: FactCheckIcon,
  access: SecurityIcon,
  help: HelpOutlineIcon,
};

/** Choices of a select, labelled by i18n key; a numeric select stores the choice's index. */
export const choicesOf = (resource: string, field: SelectFieldDeclaration) =>
  field.choices.map((value, index) => ({
    id: field.numeric ? index : value,
    name: `resources.${resource}.choices.${field.name}.${value}`,
  }));

// ---- read-only display (list cells and show rows) ----------------------------------------------

/** An amount in the row's own currency (a payment's), else the merchant's; an operator's row without one shows the bare amount. */
const MoneyField = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const own = useOwnCurrency();
  const currency = typeof record?.currency === 'string' && record.currency !== '' ? record.currency : own;
  return (
    <NumberField
      source={source}
      options={
        currency
          ? { style: 'currency', currency, currencyDisplay: 'code' }
          : { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      }
    />
  );
};

const JsonField = ({ source }: { source: string }) => (
  <FunctionField
    source={source}
    render={(record: RaRecord) =>
      record[source] === null || record[source] === undefined ? null : (
        <Box component="pre" sx={{ m: 0, fontSize: '0.8rem', whiteSpace: 'pre-wrap', maxWidth: 420 }}>
          {JSON.stringify(record[source], null, 2)}
        </Box>
      )
    }
  />
);

/** A state (any select) in a list: a small chip with the choice's label. */
const SelectChip = ({
  source,
  choices,
}: {
  source: string;
  choices: { id: string | number; name: string }[];
}) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  if (value === null || value === undefined || value === '') return null;
  const choice = choices.find((c) => c.id === value);
  return <Chip size="small" variant="outlined" label={choice ? translate(choice.name) : String(value)} />;
};

/** A reference the user may not open shows its id, instead of a failing lookup. */
const RefField = ({ source, reference }: { source: string; reference: string }) => {
  const { canAccess } = useCanAccess({ action: 'list', resource: reference });
  if (!canAccess) return <NumberField source={source} />;
  return <ReferenceField source={source} reference={reference} link="show" />;
};

const displayOf = (resource: string, field: FieldDeclaration, where: 'list' | 'show'): ReactElement => {
  const { name: source } = field;
  switch (field.type) {
    case 'text':
    case 'phone':
      return <TextField source={source} />;
    case 'email':
      return <EmailField source={source} />;
    case 'url':
      return <UrlField source={source} target="_blank" rel="noreferrer" />;
    case 'image':
      return (
        <ImageField
          source={source}
          sx={{ '& img': { maxWidth: where === 'list' ? 48 : 240, maxHeight: where === 'list' ? 48 : 240 } }}
        />
      );
    case 'number':
      // a decimal keeps its digits (a store's latitude 1.27654, not 1.277)
      return (
        <NumberField source={source} {...(field.integer ? {} : { options: { maximumFractionDigits: 10 } })} />
      );
    case 'money':
      return <MoneyField source={source} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'date':
      return <LocalDateField source={source} />;
    case 'datetime':
      return <LocalDateField source={source} showTime />;
    case 'select':
      return where === 'list' ? (
        <SelectChip source={source} choices={choicesOf(resource, field)} />
      ) : (
        <SelectField source={source} choices={choicesOf(resource, field)} />
      );
    case 'reference':
      return <RefField source={source} reference={field.reference} />;
    case 'json':
      return <JsonField source={source} />;
    default: {
      const never: never = field;
      throw new Error(`unknown field type ${String(never)}`);
    }
  }
};

// ---- inputs (edit and create) -------------------------------------------------------------------

const MoneyInput = (props: {
  source: string;
  validate: Validator[];
  helperText?: string;
  defaultValue?: number | undefined;
}) => {
  // a merchant enters money in their own currency; an operator in the country they work in
  const { currency: shown } = useCountry();
  const currency = useOwnCurrency() ?? shown;
  return (
    <NumberInput
      {...props}
      step={0.01}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> } }}
    />
  );
};

const ImagePreview = ({ source }: { source: string }) => {
  const url: unknown = useWatch({ name: source });
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
  return (
    <Box component="img" src={url} alt="" sx={{ maxWidth: 160, maxHeight: 160, mb: 2, display: 'block' }} />
  );
};

const ImageUrlInput = (props: {
  source: string;
  validate: Validator[];
  parse?: (value: string) => string | null;
  helperText?: string;
}) => (
  <Box sx={{ width: '100%' }}>
    <TextInput {...props} type="url" fullWidth />
    <ImagePreview source={props.source} />
  </Box>
);

const BAD_JSON = 'builders.json.invalid';

/** A text area that holds JSON: shown pretty, parsed on the way out, refused when it does not parse. */
const formatJson = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value, null, 2);
const parseJson = (text: string): unknown => {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // Kept as text so the validator can refuse it and the user keeps what they typed.
    return text;
  }
};
const validJson =
  (shape: 'list' | 'object' | undefined): Validator =>
  (value: unknown) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string') return BAD_JSON;
    if (shape === 'list' && !Array.isArray(value)) return 'builders.json.not_list';
    if (shape === 'object' && (Array.isArray(value) || typeof value !== 'object'))
      return 'builders.json.not_object';
    return undefined;
  };

const RefInput = ({
  source,
  reference,
  validate,
}: {
  source: string;
  reference: string;
  validate: Validator[];
}) => {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: reference });
  if (isPending) return null;
  if (!canAccess) return <NumberInput source={source} validate={validate} />;
  return (
    <ReferenceInput source={source} reference={reference}>
      <SelectInput validate={validate} />
    </ReferenceInput>
  );
};

const validatorsOf = (field: FieldDeclaration): Validator[] => {
  const out = limitValidators(field);
  if (field.type === 'email') out.push(email());
  if (field.type === 'json') out.push(validJson(field.shape));
  return out;
};

const emptyToNull = (value: string): string | null => (value === '' ? null : value);

const isoOrNull = (value: string | Date | null | undefined) =>
  value === null || value === undefined || value === '' ? null : new Date(value).toISOString();

/**
 * The input of a writable field. `extra`: the form's cross-field validators of this field (order
 * rules). An unwritable field (server-owned or operation-only) is never an input: see `readOnlyOf`.
 */
const inputOf = (
  resource: string,
  field: FieldDeclaration,
  view: 'edit' | 'create',
  extra: readonly Validator[] = [],
): ReactElement => {
  const source = field.name;
  const validate = [...validatorsOf(field), ...extra];
  const helperText = field.help;
  const common = { source, validate, ...(helperText ? { helperText } : {}) };
  // An emptied optional text is "no value" (null), not '': the server checks formats (URL, e-mail) on ''.
  const text = { ...common, ...(field.required ? {} : { parse: emptyToNull }) };
  const defaultValue = view === 'create' && 'default' in field ? field.default : undefined;
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...text}
          multiline={field.multiline === true}
          fullWidth={field.multiline === true}
          defaultValue={defaultValue}
        />
      );
    case 'email':
      return <TextInput {...text} type="email" defaultValue={defaultValue} />;
    case 'phone':
      return <TextInput {...text} type="tel" defaultValue={defaultValue} />;
    case 'url':
      return <TextInput {...text} type="url" defaultValue={defaultValue} />;
    case 'image':
      return <ImageUrlInput {...text} />;
    case 'number':
      return <NumberInput {...common} step={field.integer ? 1 : 'any'} defaultValue={defaultValue} />;
    case 'money':
      return <MoneyInput {...common} defaultValue={view === 'create' ? field.default : undefined} />;
    case 'boolean':
      return <BooleanInput {...common} defaultValue={defaultValue ?? false} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} parse={isoOrNull} />;
    case 'select': {
      const choices = choicesOf(resource, field);
      const initial =
        field.default === undefined
          ? undefined
          : field.numeric
            ? field.choices.indexOf(field.default)
            : field.default;
      return (
        <SelectInput {...common} choices={choices} defaultValue={view === 'create' ? initial : undefined} />
      );
    }
    case 'reference':
      return <RefInput source={source} reference={field.reference} validate={validate} />;
    case 'json':
      return (
        <TextInput
          {...text}
          multiline
          fullWidth
          minRows={3}
          format={formatJson}
          parse={parseJson}
          helperText={
            helperText ?? (field.shape ? `builders.json.help_${field.shape}` : 'builders.json.help')
          }
        />
      );
    default: {
      const never: never = field;
      throw new Error(`unknown field type ${String(never)}`);
    }
  }
};

/** A field nobody may write, on an edit form: its value with its label, not an input. */
const readOnlyOf = (resource: string, field: FieldDeclaration): ReactElement => (
  <Labeled label={fieldLabelKey(resource, field)} source={field.name}>
    {displayOf(resource, field, 'show')}
  </Labeled>
);

type RuleValidators = Readonly<Record<string, readonly Validator[]>>;

/** The declaration's order rules as validators of their `last` fields, naming the `first` field. */
const useRuleValidators = (decl: ResourceDeclaration): RuleValidators => {
  const translate = useTranslate();
  return useMemo(() => ruleValidators(decl, (key) => translate(key)), [decl, translate]);
};

// ---- scope columns on create ----------------------------------------------------------------------

/** The scope columns the form picked (numbers only: an unpicked one is left to the server). */
const scopeValues = (columns: readonly ScopeColumn[], data: RaRecord): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const c of columns) {
    const v: unknown = data[c];
    if (typeof v === 'number') out[c] = v;
  }
  return out;
};

const DECLARED: ReadonlyMap<string, ResourceDeclaration> = new Map(RESOURCES.map((d) => [d.name, d]));

/** The referenced resource's own default order (brands and stores by name). */
const sortOf = (resource: string): SortPayload => {
  const ref = DECLARED.get(resource);
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
  const { id, field, fieldState } = useInput<number | null>({
    source: 'companyId',
    defaultValue: null,
    validate: required(),
  });
  const [picked, setPicked] = useState<CompanyOption | null>(null);
  const companyId = typeof field.value === 'number' ? field.value : undefined;
  const value: CompanyOption | null =
    companyId === undefined
      ? null
      : picked?.id === companyId
        ? picked
        : { id: companyId, name: `#${companyId}` };
  const error = useErrorText(fieldState.error?.message);
  return (
    <CompanyPicker
      id={id}
      value={value}
      onChange={(company) => {
        setPicked(company);
        field.onChange(company ? company.id : null);
        for (const c of deeper) setValue(c, null, { shouldDirty: true });
      }}
      onBlur={field.onBlur}
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
  column: Exclude<ScopeColumn, 'companyId'>;
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
const ScopeInputs = ({ decl, columns }: { decl: ResourceDeclaration; columns: readonly ScopeColumn[] }) => {
  const role = useRole();
  const { identity, isPending } = useGetIdentity();
  const picked: unknown = useWatch({ name: 'companyId' });
  if (isPending || role === undefined) return null;
  const deeper = columns.filter((c): c is Exclude<ScopeColumn, 'companyId'> => c !== 'companyId');
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
  const own = (c: ScopeColumn): unknown => identity?.[c];
  const companyId = typeof own('companyId') === 'number' ? (own('companyId') as number) : undefined;
  const missing = deeper.filter((c) => typeof own(c) !== 'number');
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

// ---- filters --------------------------------------------------------------------------------------

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
      return <DateInput key={source} source={source} label={label} />;
    case 'datetime':
      return <DateTimeInput key={source} source={source} label={label} parse={isoOrNull} />;
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
        out.push(<DateInput key={source} source={source} label={eqLabel} />);
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
const showsCompany = (decl: ResourceDeclaration): boolean =>
  decl.storage !== 'existing' && addedScopeColumns(decl).includes('companyId');

const CompanyFilter = ({ resource }: { resource: string; source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const label = translate(fieldLabelKey(resource, { name: 'companyId' }));
  return (
    <ReferenceInput source="companyId" reference={SCOPE_COLUMNS.companyId}>
      <AutocompleteInput label={label} sx={{ minWidth: 220 }} />
    </ReferenceInput>
  );
};

/** The page's heading on a row's show and edit pages: "Store Harbour Kopi Tanjong Pagar". */
const RecordHeading = ({ decl }: { decl: ResourceDeclaration }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(decl.name);
  if (!record) return null;
  return (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
      {`${translate(resourceLabelKey(decl), { smart_count: 1 })} ${String(representation(record))}`}
    </Typography>
  );
};

/** A field's label as the form shows it (the server names fields by their declared names). */
const useFieldLabel = (resource: string) => {
  const translate = useTranslate();
  return (field: string) => translate(fieldLabelKey(resource, { name: field }), { _: field });
};

// ---- lists on phones ------------------------------------------------------------------------------

/** Details a phone's card shows under the row's name: short values only (no images, no JSON). */
const PHONE_DETAILS = 2;
const isStateField = (field: FieldDeclaration): field is SelectFieldDeclaration =>
  field.type === 'select' && (field.name === 'state' || field.name === 'status');

/** The list's columns that a phone's card shows: the row's state, then a few details. */
export const phoneCardOf = (decl: ResourceDeclaration) => {
  const listFields = decl.fields.filter((f) => inViews(f, 'list'));
  const named = decl.fields.find((f) => f.name === decl.recordRepresentation);
  return {
    /** a select names a row by its choice's label, not its stored value */
    title: named?.type === 'select' ? named : undefined,
    state: listFields.find(isStateField),
    details: listFields
      .filter(
        (f) =>
          !isStateField(f) && f.name !== decl.recordRepresentation && f.type !== 'image' && f.type !== 'json',
      )
      .slice(0, PHONE_DETAILS),
  };
};

/** A row opens its show page, unless the embedding page handles the click (the editor view). */
export const rowClickOf = (onRowClick: GeneratedListProps['onRowClick']) =>
  onRowClick
    ? (id: Identifier) => {
        onRowClick(id);
        return false as const;
      }
    : ('show' as const);

/** One line of "Label value" pairs under a card's title (spans: it sits inside a paragraph). */
const PhoneDetails = ({
  decl,
  fields,
}: {
  decl: ResourceDeclaration;
  fields: readonly FieldDeclaration[];
}) => {
  const translate = useTranslate();
  const record = useRecordContext();
  // an empty value leaves its label out too
  const shown = fields.filter((f) => {
    const v: unknown = record?.[f.name];
    return v !== null && v !== undefined && v !== '';
  });
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
      {shown.map((field) => (
        <Box
          component="span"
          key={field.name}
          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline' }}
        >
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate(fieldLabelKey(decl.name, field), { _: field.name })}
          </Box>
          {field.type === 'select' ? (
            <SelectField source={field.name} choices={choicesOf(decl.name, field)} />
          ) : (
            displayOf(decl.name, field, 'list')
          )}
        </Box>
      ))}
    </Box>
  );
};

const RowId = () => {
  const record = useRecordContext();
  return record ? <span>#{String(record.id)}</span> : null;
};

// ---- the module -----------------------------------------------------------------------------------

const fieldsIn = (decl: ResourceDeclaration, view: View) => decl.fields.filter((f) => inViews(f, view));

/** The module react-admin's <Resource> takes, built from one declaration. */
export const buildResource = (decl: ResourceDeclaration): ResourceModule => {
  const listFields = fieldsIn(decl, 'list');
  const phoneCard = phoneCardOf(decl);
  const filters = filtersOf(decl);
  const sort = {
    field: decl.defaultSort.field,
    order: decl.defaultSort.direction === 'desc' ? 'DESC' : 'ASC',
  } as const;

  const operatorFilters = showsCompany(decl)
    ? [<CompanyFilter key="companyId" source="companyId" resource={decl.name} alwaysOn />, ...filters]
    : filters;

  // biome-ignore lint/correctness/noComponentHookFactories: built once per declaration at module load
  const GeneratedList = ({
    disableSyncWithLocation,
    storeKey,
    onRowClick,
    onCreate,
    title,
    filter,
    empty,
  }: GeneratedListProps) => {
    const withCompany = useRole() === 'operator' && showsCompany(decl);
    const phone = useIsPhone();
    // react-admin's List asks for the rows once canAccess has answered, even when it answered no:
    // a caller who may not list the table gets the denied page and no refused request.
    const access = useCanAccess({ action: 'list', resource: decl.name });
    if (access.isPending) return <PageLoader />;
    if (!access.canAccess) return <NotAllowedPage />;
    const rowClick = rowClickOf(onRowClick);
    return (
      <List
        resource={decl.name}
        {...(filter ? { filter } : {})}
        {...(empty !== undefined ? { empty } : {})}
        sort={sort}
        filters={withCompany ? operatorFilters : filters}
        actions={<ListActions decl={decl} {...(onCreate ? { onCreate } : {})} />}
        exporter={false}
        {...(disableSyncWithLocation ? { disableSyncWithLocation } : {})}
        {...(storeKey !== undefined ? { storeKey } : {})}
        {...(title !== undefined ? { title } : {})}
      >
        {phone ? (
          <SimpleList
            rowClick={rowClick}
            {...(phoneCard.title
              ? {
                  primaryText: (
                    <SelectField
                      source={phoneCard.title.name}
                      choices={choicesOf(decl.name, phoneCard.title)}
                    />
                  ),
                }
              : {})}
            secondaryText={<PhoneDetails decl={decl} fields={phoneCard.details} />}
            tertiaryText={
              phoneCard.state ? (
                <Box component="span" sx={{ float: 'right' }}>
                  <SelectChip source={phoneCard.state.name} choices={choicesOf(decl.name, phoneCard.state)} />
                </Box>
              ) : (
                <Box component="span" sx={{ float: 'right', color: 'text.secondary' }}>
                  <RowId />
                </Box>
              )
            }
          />
        ) : (
          <DataTable rowClick={rowClick} bulkActionButtons={<ListBulkActions decl={decl} />}>
            <DataTable.Col source="id" />
            {withCompany ? (
              <DataTable.Col source="companyId" disableSort>
                <RefField source="companyId" reference={SCOPE_COLUMNS.companyId} />
              </DataTable.Col>
            ) : null}
            {listFields.map((field) => (
              <DataTable.Col key={field.name} source={field.name} disableSort={field.sortable !== true}>
                {displayOf(decl.name, field, 'list')}
              </DataTable.Col>
            ))}
          </DataTable>
        )}
      </List>
    );
  };

  // biome-ignore lint/correctness/noComponentHookFactories: built once per declaration at module load
  const GeneratedShow = (props: Partial<ShowProps>) => (
    <Show resource={decl.name} actions={<DetailActions decl={decl} view="show" />} {...props}>
      <RecordHeading decl={decl} />
      <SimpleShowLayout>
        <TextField source="id" />
        {/* SimpleShowLayout labels its direct children from their `source`, so each field is a direct child. */}
        {fieldsIn(decl, 'show').map((field) => ({ ...displayOf(decl.name, field, 'show'), key: field.name }))}
        <LocalDateField source="createTime" showTime />
        <LocalDateField source="updateTime" showTime />
      </SimpleShowLayout>
    </Show>
  );

  const editFields = fieldsIn(decl, 'edit');
  // Server-owned and operation-only fields are never inputs: read-only on edit, absent on create.
  const createFields = fieldsIn(decl, 'create').filter((f) => !isUnwritable(f));
  const scopeColumns = creatableScopeColumns(decl);

  /** One element per field: an input, or the value shown read-only when nobody may write it. */
  const formField = (field: FieldDeclaration, view: 'edit' | 'create', rules: RuleValidators) =>
    isUnwritable(field)
      ? { ...readOnlyOf(decl.name, field), key: field.name }
      : { ...inputOf(decl.name, field, view, rules[field.name]), key: field.name };

  // biome-ignore lint/correctness/noComponentHookFactories: built once per declaration at module load
  const GeneratedEdit = (props: Partial<EditProps>) => {
    const rules = useRuleValidators(decl);
    const notifyError = useApiErrorNotify();
    const labelOf = useFieldLabel(decl.name);
    return (
      <Edit
        resource={decl.name}
        actions={<DetailActions decl={decl} view="edit" />}
        mutationMode="pessimistic"
        // a refusal lists each field with its violation (spec 5); code 2 also marks the fields
        mutationOptions={{ onError: (error: unknown) => notifyError(error, undefined, labelOf) }}
        // Only what the user may change and did change goes out: no id, times, scope or read-only fields.
        transform={(data: RaRecord, options?: { previousData?: RaRecord }) =>
          writableFields(decl, 'edit', data, options?.previousData)
        }
        {...props}
      >
        <RecordHeading decl={decl} />
        <SimpleForm toolbar={<EditToolbar decl={decl} />}>
          {editFields.map((field) => formField(field, 'edit', rules))}
        </SimpleForm>
      </Edit>
    );
  };

  // biome-ignore lint/correctness/noComponentHookFactories: built once per declaration at module load
  const GeneratedCreate = (props: Partial<CreateProps>) => {
    const rules = useRuleValidators(decl);
    const notifyError = useApiErrorNotify();
    const labelOf = useFieldLabel(decl.name);
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
        <SimpleForm>
          {scopeColumns.length > 0 ? <ScopeInputs decl={decl} columns={scopeColumns} /> : null}
          {createFields.map((field) => formField(field, 'create', rules))}
        </SimpleForm>
      </Create>
    );
  };

  return {
    list: GeneratedList,
    show: GeneratedShow,
    edit: GeneratedEdit,
    create: GeneratedCreate,
    icon: decl.menu ? GROUP_ICONS[decl.menu.group] : TableChartIcon,
    recordRepresentation: decl.recordRepresentation,
  };
};
