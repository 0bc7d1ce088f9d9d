import { Autocomplete, Box, TextField } from '@mui/material';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { type FocusEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { InputHelperText, type InputProps, useInput, useTranslate, type Validator } from 'react-admin';
import { DEFAULT_COUNTRY } from '../../contract';

// The ISO code stands in for a flag: flag emoji are missing on Windows and in many Linux fonts.
export interface CountryOption {
  code: CountryCode;
  callingCode: string;
  name: string;
}

let cachedOptions: CountryOption[] | null = null;

/** Every country libphonenumber knows, with its calling code and English name, sorted by name. */
export const phoneCountryOptions = (): CountryOption[] => {
  if (cachedOptions) return cachedOptions;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  cachedOptions = getCountries()
    .map((code) => ({
      code,
      callingCode: getCountryCallingCode(code),
      name: names.of(code) ?? code,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cachedOptions;
};

/** A contract country ('sg') as a phone-library country ('SG'), falling back to the default. */
export const toPhoneCountry = (country: string | null | undefined): CountryCode => {
  const upper = (country ?? '').toUpperCase();
  return isSupportedCountry(upper) ? upper : (DEFAULT_COUNTRY.toUpperCase() as CountryCode);
};

/**
 * The value a phone input holds: E.164 when the digits parse for the country, else the calling
 * code and the raw digits (so validation can reject it); '' when no digit was typed.
 */
export const toE164 = (national: string, country: CountryCode): string => {
  const digits = national.replace(/\D/g, '');
  if (!digits) return '';
  const parsed = parsePhoneNumberFromString(national, country);
  if (parsed) return parsed.number;
  // An international number still being typed keeps its own calling code.
  return national.trim().startsWith('+') ? `+${digits}` : `+${getCountryCallingCode(country)}${digits}`;
};

/** react-admin validator: an empty value passes (combine with `required()`), else it must be valid. */
export const validatePhone: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isValidPhoneNumber(value) ? 'pages.phone.invalid' : undefined;

const splitValue = (value: string, fallback: CountryCode): { country: CountryCode; national: string } => {
  if (!value) return { country: fallback, national: '' };
  const parsed = parsePhoneNumberFromString(value);
  if (parsed?.country) return { country: parsed.country, national: parsed.formatNational() };
  return { country: fallback, national: value.replace(/^\+\d{0,3}/, '') };
};

export interface PhoneInputProps {
  /** E.164 value ('' when empty) */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  /** country selected while the value is empty, e.g. the user's stored country */
  defaultCountry?: CountryCode;
  label?: ReactNode;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/**
 * A phone number input with a searchable country-code selector. It reports E.164 ('+6591234567')
 * to `onChange`; the national part is formatted as the user types.
 */
export const PhoneInput = ({
  value,
  onChange,
  onBlur,
  defaultCountry = toPhoneCountry(DEFAULT_COUNTRY),
  label,
  name,
  required,
  disabled,
  autoFocus,
  error,
  helperText,
  fullWidth = true,
}: PhoneInputProps) => {
  const translate = useTranslate();
  const id = useId();
  const options = useMemo(phoneCountryOptions, []);
  const initial = useMemo(() => splitValue(value, defaultCountry), [value, defaultCountry]);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const [national, setNational] = useState(initial.national);
  // The last value this component reported: an outside change (form reset, record loaded) is any
  // value that differs from it, and only then is the typed text replaced.
  const reported = useRef(value);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    const next = splitValue(value, country);
    setCountry(next.country);
    setNational(next.national);
  }, [value, country]);

  const report = (nextNational: string, nextCountry: CountryCode) => {
    const e164 = toE164(nextNational, nextCountry);
    reported.current = e164;
    onChange(e164);
  };

  const selected = options.find((o) => o.code === country) ?? options[0];
  const example = getExampleNumber(country, examples)?.formatNational();

  return (
    // The select keeps its width (narrower on a phone) and the number takes the rest; where less than
    // 140 px would be left (a dialog on a 360 px phone) the number wraps onto a row of its own.
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 1,
        alignItems: 'flex-start',
        width: fullWidth ? '100%' : undefined,
      }}
    >
      <Autocomplete
        options={options}
        value={selected}
        disableClearable
        disabled={disabled}
        autoHighlight
        onChange={(_, option) => {
          if (!option) return;
          setCountry(option.code);
          report(national, option.code);
        }}
        getOptionLabel={(o) => `${o.code} +${o.callingCode}`}
        filterOptions={(opts, state) => {
          const q = state.inputValue.trim().toLowerCase().replace(/^\+/, '');
          if (!q || q === `${selected?.code} +${selected?.callingCode}`.toLowerCase().replace(/^\+/, ''))
            return opts;
          return opts.filter(
            (o) =>
              o.name.toLowerCase().includes(q) || o.callingCode.startsWith(q) || o.code.toLowerCase() === q,
          );
        }}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        renderOption={({ key, ...props }, o) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
            <Box component="span" sx={{ color: 'text.secondary', width: 24 }}>
              {o.code}
            </Box>
            <span>{o.name}</span>
            <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }}>
              +{o.callingCode}
            </Box>
          </Box>
        )}
        // flex-basis, not width: react-admin's theme sets the width of every Autocomplete to 100%
        // below 600 px, which left the number field 0 px wide beside it
        sx={{ flex: { xs: '0 0 120px', sm: '0 0 150px' }, minWidth: 0 }}
        slotProps={{ popper: { sx: { minWidth: 300 } } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('pages.phone.country_code')}
            size="small"
            margin="dense"
            error={error}
          />
        )}
      />
      <TextField
        id={id}
        name={name}
        label={label ?? translate('pages.phone.number')}
        value={national}
        // the number without its country code (the picker holds that): `tel-national`, which belongs
        // to a text input (HTML autofill; HTML_CodeSniffer H98), with the phone keypad on a phone
        type="text"
        autoComplete="tel-national"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        required={required}
        disabled={disabled}
        autoFocus={autoFocus}
        error={error}
        helperText={helperText ?? (example ? translate('pages.phone.example', { example }) : undefined)}
        onChange={(e) => {
          const raw = e.target.value;
          // A pasted or typed international number ('+60 12-345 6789') picks its own country.
          if (raw.trim().startsWith('+')) {
            const parsed = parsePhoneNumberFromString(raw);
            if (parsed?.country) {
              const nextNational = new AsYouType(parsed.country).input(parsed.nationalNumber);
              setCountry(parsed.country);
              setNational(nextNational);
              report(nextNational, parsed.country);
              return;
            }
            setNational(raw);
            report(raw, country);
            return;
          }
          // AsYouType formats the digits typed so far ('9123 4567') without dropping any.
          const digits = raw.replace(/[^\d]/g, '');
          const formatted = digits ? new AsYouType(country).input(digits) : '';
          setNational(formatted);
          report(formatted, country);
        }}
        onBlur={onBlur}
        size="small"
        margin="dense"
        fullWidth
        sx={{ flex: '1 1 140px', minWidth: 140 }}
      />
    </Box>
  );
};

export type PhoneNumberInputProps = Omit<InputProps, 'source'> & {
  source: string;
  label?: string;
  defaultCountry?: CountryCode;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** The PhoneInput as a react-admin form input: validated with `validatePhone` plus `validate`. */
export const PhoneNumberInput = ({
  source,
  label,
  validate,
  defaultCountry,
  autoFocus,
  disabled,
  ...rest
}: PhoneNumberInputProps) => {
  const translate = useTranslate();
  const validators = [validatePhone, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const {
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, validate: validators, ...rest });
  const message = error?.message;
  return (
    <PhoneInput
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      label={label ? translate(label, { _: label }) : undefined}
      required={isRequired}
      defaultCountry={defaultCountry}
      autoFocus={autoFocus}
      disabled={disabled}
      error={invalid}
      // react-admin encodes validation messages; its helper text decodes and translates them.
      helperText={message ? <InputHelperText error={message} /> : undefined}
    />
  );
};
