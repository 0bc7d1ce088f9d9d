// A field's input on an edit or create form (one switch per field type, ending in an exhaustive
// `never` check), the read-only value that stands in for a field nobody may write, and the form's
// cross-field validators from the declaration's order rules.
import { Box, InputAdornment } from '@mui/material';
import { type ReactElement, useMemo } from 'react';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  email,
  Labeled,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useCountry } from '../components/CountryContext';
import { useOwnCurrency } from '../components/useOwnCurrency';
import { choicesOf } from './choices';
import type { FieldDeclaration, ResourceDeclaration } from './declarations';
import { fieldLabelKey, isUnwritable } from './declarations';
import { displayOf } from './display';
import { limitValidators, ruleValidators } from './validators';

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

export const isoOrNull = (value: string | Date | null | undefined) =>
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

export type RuleValidators = Readonly<Record<string, readonly Validator[]>>;

/** The declaration's order rules as validators of their `last` fields, naming the `first` field. */
export const useRuleValidators = (decl: ResourceDeclaration): RuleValidators => {
  const translate = useTranslate();
  return useMemo(() => ruleValidators(decl, (key) => translate(key)), [decl, translate]);
};

/** One element per field of a form: an input, or the value shown read-only when nobody may write it. */
export const formFieldOf = (
  decl: ResourceDeclaration,
  field: FieldDeclaration,
  view: 'edit' | 'create',
  rules: RuleValidators,
): ReactElement =>
  isUnwritable(field)
    ? { ...readOnlyOf(decl.name, field), key: field.name }
    : { ...inputOf(decl.name, field, view, rules[field.name]), key: field.name };
