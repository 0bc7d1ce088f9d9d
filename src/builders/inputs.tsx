// A field's input on an edit or create form (one switch per field type, ending in an exhaustive
// `never` check), the read-only value that stands in for a field nobody may write, and the form's
// cross-field validators from the declaration's order rules.
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, InputAdornment, TextField as MuiTextField, Typography } from '@mui/material';
import { type ReactElement, type ReactNode, useId, useMemo, useState } from 'react';
import {
  BooleanInput,
  email,
  InputHelperText,
  Labeled,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import {
  FILES_PATH,
  fileKeyOf,
  type StoredFileView,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
} from '../../contract/files';
import { validationKey } from '../../contract/validation';
import { toApiErrorLike } from '../components/apiError';
import { useCountry } from '../components/CountryContext';
import { DayInput, TimeInput } from '../components/DatePickers';
import { useHttpClient } from '../components/HttpClientContext';
import { PhoneNumberInput, toPhoneCountry } from '../components/PhoneInput';
import { useOwnCurrency } from '../components/useOwnCurrency';
import { choicesOf } from './choices';
import type { FieldDeclaration, ResourceDeclaration } from './declarations';
import { fieldLabelKey, isUnwritable } from './declarations';
import { displayOf } from './display';
import { imageAddress, limitValidators, ruleValidators, webAddress } from './validators';

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

/** A picture the page can show: a web address, a file of the file store, or (a row from before the store) a data: URL. */
const isPicture = (value: unknown): value is string =>
  typeof value === 'string' &&
  (/^https?:\/\/\S+$/i.test(value) || fileKeyOf(value) !== null || /^data:image\//i.test(value));

/**
 * An image field: a preview of the picture, a button to pick a picture file (uploaded to the file
 * store, POST /files; the field keeps the file's address) and a web address. A stored file's address
 * is shown as "a picture from a file", never as text.
 */
const ImageUrlInput = ({
  source,
  validate,
  helperText,
  label,
}: {
  source: string;
  validate: Validator[];
  helperText?: string;
  label: string;
}) => {
  const translate = useTranslate();
  const {
    field,
    fieldState: { error, invalid, isTouched },
    formState: { isSubmitted },
    isRequired,
  } = useInput({ source, validate });
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const http = useHttpClient();
  const id = useId();
  const value: unknown = field.value;
  const embedded = typeof value === 'string' && (/^data:/i.test(value) || fileKeyOf(value) !== null);
  const shownError = fileError ?? (invalid && (isTouched || isSubmitted) ? error?.message : undefined);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(file.type in UPLOAD_IMAGE_TYPES)) {
      setFileError(translate('builders.image.wrong_type'));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setFileError(translate('builders.image.too_large'));
      return;
    }
    setUploading(true);
    try {
      const { data } = await http<StoredFileView>(FILES_PATH, { method: 'POST', file });
      setFileError(null);
      field.onChange(data.url);
      field.onBlur();
    } catch (error) {
      setFileError(toApiErrorLike(error).message || translate('builders.image.upload_failed'));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            flex: '0 0 96px',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {isPicture(value) ? (
            <Box
              component="img"
              src={value}
              alt={translate('builders.image.preview', { field: translate(label) })}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
              {translate('builders.image.none')}
            </Typography>
          )}
        </Box>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <MuiTextField
            id={id}
            label={translate(label)}
            required={isRequired}
            type="url"
            size="small"
            margin="dense"
            fullWidth
            name={field.name}
            value={embedded ? '' : typeof value === 'string' ? value : ''}
            placeholder={embedded ? translate('builders.image.from_file') : 'https://'}
            onChange={(e) => {
              setFileError(null);
              field.onChange(e.target.value === '' ? null : e.target.value);
            }}
            onBlur={field.onBlur}
            error={shownError !== undefined}
            helperText={
              shownError !== undefined ? (
                <InputHelperText error={shownError} />
              ) : embedded ? (
                translate('builders.image.from_file')
              ) : (
                (helperText ?? translate('builders.image.help'))
              )
            }
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component="label"
              size="small"
              variant="outlined"
              startIcon={<UploadIcon />}
              disabled={uploading}
            >
              {translate('builders.image.choose')}
              <input
                hidden
                type="file"
                accept="image/*"
                onChange={(e) => {
                  void pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Button>
            {typeof value === 'string' && value !== '' ? (
              <Button
                size="small"
                onClick={() => {
                  setFileError(null);
                  field.onChange(null);
                }}
              >
                {translate('builders.image.remove')}
              </Button>
            ) : null}
          </Box>
        </Box>
      </Box>
    </Box>
  );
};

/** A phone field: the /register picker, its country at first the one the portal works in. */
const DeclaredPhoneInput = (props: {
  source: string;
  label: string;
  validate: Validator[];
  parse?: (value: string) => string | null;
}) => {
  const { country } = useCountry();
  return <PhoneNumberInput {...props} defaultCountry={toPhoneCountry(country)} />;
};

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
  if (field.type === 'email') out.push(email(validationKey('email')));
  if (field.type === 'url') out.push(webAddress(validationKey('web_address')));
  if (field.type === 'image') out.push(imageAddress(validationKey('image_address')));
  if (field.type === 'json') out.push(validJson(field.shape));
  return out;
};

const emptyToNull = (value: string): string | null => (value === '' ? null : value);

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
      // the country-code picker and number of /register; it checks the number for the country
      return (
        <DeclaredPhoneInput
          source={source}
          label={fieldLabelKey(resource, field)}
          validate={validate}
          {...(field.required ? {} : { parse: emptyToNull })}
        />
      );
    case 'url':
      return <TextInput {...text} type="url" defaultValue={defaultValue} />;
    case 'image':
      return <ImageUrlInput {...common} label={fieldLabelKey(resource, field)} />;
    case 'number':
      return <NumberInput {...common} step={field.integer ? 1 : 'any'} defaultValue={defaultValue} />;
    case 'money':
      return <MoneyInput {...common} defaultValue={view === 'create' ? field.default : undefined} />;
    case 'boolean':
      return <BooleanInput {...common} defaultValue={defaultValue ?? false} />;
    case 'date':
      return <DayInput {...common} />;
    case 'datetime':
      return <TimeInput {...common} />;
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

/** A field that takes a form's whole width: long text, JSON and pictures. */
const isWide = (field: FieldDeclaration): boolean =>
  field.type === 'json' || field.type === 'image' || (field.type === 'text' && field.multiline === true);

/**
 * The form's layout grid: one column on a phone, two from md up; every input fills its cell, a wide
 * field (see `isWide`) and a `FormCell wide` the whole row.
 */
export const FormGrid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      width: '100%',
      maxWidth: 960,
      display: 'grid',
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      columnGap: 3,
      alignItems: 'start',
    }}
  >
    {children}
  </Box>
);

export const FormCell = ({ wide = false, children }: { wide?: boolean; children: ReactNode }) => (
  <Box
    sx={{
      gridColumn: wide ? '1 / -1' : 'auto',
      minWidth: 0,
      '& .MuiFormControl-root:not(.MuiAutocomplete-root .MuiFormControl-root), & .ra-input': {
        width: '100%',
      },
    }}
  >
    {children}
  </Box>
);

/** One grid cell per field of a form: an input, or the value shown read-only when nobody may write it. */
export const formFieldOf = (
  decl: ResourceDeclaration,
  field: FieldDeclaration,
  view: 'edit' | 'create',
  rules: RuleValidators,
): ReactElement => (
  <FormCell key={field.name} wide={isWide(field)}>
    {isUnwritable(field) ? readOnlyOf(decl.name, field) : inputOf(decl.name, field, view, rules[field.name])}
  </FormCell>
);
