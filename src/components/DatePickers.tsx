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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, type InputProps, useInput } from 'react-admin';
import { useDates } from './dates';
import {
  DAY_ZONE,
  dayFromWire,
  dayToWire,
  EN_LOCALE as EN,
  PICKER_FORMATS,
  timeFromWire,
  timeToWire,
} from './pickerValues';

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
  /** a required field: the label marks it (a react-admin input's FieldTitle marks its own) */
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
export const Picker = (props: PickerProps) => (
  <Localized>
    <InnerPicker {...props} />
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
    // a day is the same calendar day everywhere (pickerValues.ts DAY_ZONE); a time is shown in the country's zone
    timezone: kind === 'day' ? DAY_ZONE : timeZone,
    // the calendar as a dialog on a narrow screen (its popper is wider than a phone), not only on touch
    desktopModeMediaQuery: '@media (pointer: fine) and (min-width: 600px)',
    format: PICKER_FORMATS[language][kind],
    disabled,
    readOnly,
    minDate: minDay ? (dayFromWire(minDay, timeZone) ?? undefined) : undefined,
    maxDate: maxDay ? (dayFromWire(maxDay, timeZone) ?? undefined) : undefined,
    slotProps: {
      // "5 Sept 2026", as Intl writes it, not "05 Sept 2026" (MUI X puts an invisible U+200E before a
      // single digit, so that typing a second one still reaches onChange)
      field: { shouldRespectLeadingZeros: true },
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
