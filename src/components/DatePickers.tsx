// The portal's two date inputs (docs/decisions.md "Money and dates"): MUI X pickers in the product's one
// way of writing dates ("26 Nov 2026", "26 Nov 2026, 07:01"; 2026年11月26日 in Simplified Chinese),
// typed or picked, in the signed-in user's country's time zone (useDates). What they write is what the
// browser's own inputs wrote before: a day as "2026-11-26", a time as an ISO instant in UTC
// ("2026-11-25T23:01:00.000Z"), nothing as null.
// - DayPicker / TimePicker: plain controlled pickers (the analytics range);
// - DayInput / TimeInput: the same as react-admin inputs (forms and list filters).

import { type SxProps, type Theme, useThemeProps } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import enGb from 'dayjs/locale/en-gb';
import 'dayjs/locale/zh-cn';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, type InputProps, useInput } from 'react-admin';
import { useDates } from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);

// English as the country writes it: Intl's short months ("Sept", as contract/format.ts writes it), weeks
// from Monday (en-GB's)
const EN = 'en-portal';
dayjs.locale(
  {
    ...enGb,
    name: EN,
    monthsShort: Array.from({ length: 12 }, (_, m) =>
      new Intl.DateTimeFormat('en-SG', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, m, 1)),
    ),
  },
  undefined,
  true,
);

/** The pickers' formats: the same as contract/format.ts DATE_OPTIONS / DATE_TIME_OPTIONS write. */
export const PICKER_FORMATS = {
  en: { day: 'D MMM YYYY', time: 'D MMM YYYY, HH:mm' },
  'zh-CN': { day: 'YYYY年M月D日', time: 'YYYY年M月D日 HH:mm' },
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day on the wire ("2026-11-26") as the picker's value in `zone`, else null. */
export const dayFromWire = (value: unknown, zone: string): Dayjs | null =>
  typeof value === 'string' && DAY.test(value) ? dayjs.tz(value, zone) : null;

/** The picker's day as the wire writes it ("2026-11-26"): the calendar day it shows. */
export const dayToWire = (value: Dayjs): string => value.format('YYYY-MM-DD');

/** A time on the wire (an ISO instant, or a Date) as the picker's value in `zone`, else null. */
export const timeFromWire = (value: unknown, zone: string): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return null;
  const d = dayjs(value);
  return d.isValid() ? d.tz(zone) : null;
};

/** The picker's time as the wire writes it: the instant in UTC with 'Z' ("2026-11-25T23:01:00.000Z"). */
export const timeToWire = (value: Dayjs): string => new Date(value.valueOf()).toISOString();

/** The pickers' adapter in the portal's language (its words for zh-CN: MUI X's zhCN). */
const Localized = ({ children }: { children: ReactNode }) => {
  const { language } = useDates();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language === 'zh-CN' ? 'zh-cn' : EN}
      localeText={
        language === 'zh-CN' ? zhCN.components.MuiLocalizationProvider.defaultProps.localeText : undefined
      }
    >
      {children}
    </LocalizationProvider>
  );
};

type Kind = 'day' | 'time';

export interface PickerProps {
  kind: Kind;
  /** the wire value: "2026-11-26" (day), an ISO instant (time), or null */
  value: string | null;
  /** called with the wire value once the typed or picked value is whole (null when emptied or partial) */
  onChange: (value: string | null) => void;
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  onBlur?: () => void;
  /** the earliest and latest day that may be picked (wire days) */
  minDay?: string;
  maxDay?: string;
  /** the text field's own props (class, width …) */
  textField?: { className?: string; sx?: SxProps<Theme> };
}

/**
 * A day or time picker on wire values. It keeps what is being typed while it is not a whole date yet
 * (the form holds null meanwhile) and follows the wire value when it changes from outside (a reset).
 */
export const Picker = ({
  kind,
  value,
  onChange,
  label,
  helperText,
  error,
  required,
  disabled,
  readOnly,
  name,
  onBlur,
  minDay,
  maxDay,
  textField,
}: PickerProps) => (
  <Localized>
    <InnerPicker
      {...{ kind, value, onChange, label, helperText, error, required, disabled, readOnly, name, onBlur }}
      {...{ minDay, maxDay, textField }}
    />
  </Localized>
);

const InnerPicker = ({
  kind,
  value,
  onChange,
  label,
  helperText,
  error,
  required,
  disabled,
  readOnly,
  name,
  onBlur,
  minDay,
  maxDay,
  textField,
}: PickerProps) => {
  const { timeZone, language } = useDates();
  const fromWire = kind === 'day' ? dayFromWire : timeFromWire;
  const toWire = kind === 'day' ? dayToWire : timeToWire;
  const [shown, setShown] = useState<Dayjs | null>(() => fromWire(value, timeZone));
  // the wire value this picker last wrote: a different one came from outside
  const written = useRef<string | null>(value);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setShown(fromWire(value, timeZone));
  }, [value, timeZone, fromWire]);
  const change = (next: Dayjs | null) => {
    setShown(next);
    const wire = next?.isValid() ? toWire(next) : null;
    if (wire === written.current) return;
    written.current = wire;
    onChange(wire);
  };
  // react-admin's inputs' look (filled, dense, small) from the theme's text field defaults
  const defaults = useThemeProps({ props: {}, name: 'MuiTextField' }) as {
    variant?: 'filled' | 'outlined' | 'standard';
    margin?: 'dense' | 'none' | 'normal';
    size?: 'small' | 'medium';
  };
  const common = {
    value: shown,
    onChange: change,
    label,
    timezone: timeZone,
    format: PICKER_FORMATS[language][kind],
    // "5 Sept 2026", as Intl writes it, not "05 Sept 2026"
    shouldRespectLeadingZeros: true,
    disabled,
    readOnly,
    minDate: minDay ? (dayFromWire(minDay, timeZone) ?? undefined) : undefined,
    maxDate: maxDay ? (dayFromWire(maxDay, timeZone) ?? undefined) : undefined,
    slotProps: {
      textField: {
        variant: defaults.variant,
        margin: defaults.margin,
        size: defaults.size ?? 'small',
        helperText,
        error,
        required,
        name,
        onBlur,
        ...textField,
      },
    },
  } as const;
  return kind === 'day' ? <DatePicker {...common} /> : <DateTimePicker {...common} ampm={false} />;
};

export type DateInputProps = Omit<InputProps, 'format' | 'parse'> & {
  label?: ReactNode;
  helperText?: ReactNode;
  /** a list filter shown without being added */
  alwaysOn?: boolean;
  sx?: SxProps<Theme>;
};

const PickerInput = ({ kind, ...props }: DateInputProps & { kind: Kind }) => {
  const { label, helperText, source, resource, alwaysOn: _alwaysOn, sx, ...rest } = props;
  const { field, fieldState, isRequired } = useInput({
    source,
    resource,
    ...rest,
    // the form holds the wire value itself (null when empty): no '' for null, no parsing
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
  });
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  const wireValue = value ?? (field.value instanceof Date ? timeToWire(dayjs(field.value)) : null);
  const invalid = fieldState.invalid;
  return (
    <Picker
      kind={kind}
      value={wireValue}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      disabled={props.disabled}
      readOnly={props.readOnly}
      error={invalid}
      required={isRequired}
      label={
        label === false || label === '' ? undefined : (
          <FieldTitle label={label as string} source={source} resource={resource} isRequired={isRequired} />
        )
      }
      helperText={
        helperText !== false || invalid ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText as string} />
        ) : undefined
      }
      textField={{ className: `ra-input ra-input-${source}`, ...(sx ? { sx } : {}) }}
    />
  );
};

/** A day input of a react-admin form or filter: writes "2026-11-26", or null. */
export const DayInput = (props: DateInputProps) => <PickerInput kind="day" {...props} />;

/** A time input of a react-admin form or filter: writes an ISO instant in UTC, or null. */
export const TimeInput = (props: DateInputProps) => <PickerInput kind="time" {...props} />;
