// react-admin's DateField in the product's date style (contract/format.ts): day month year in the
// current country's English and a 24-hour clock ("25 Nov 2026, 14:05"), not the browser's US order.
import { DateField, type DateFieldProps } from 'react-admin';
import { DATE_OPTIONS, DATE_TIME_OPTIONS, localeOf } from '../../contract/format';
import { useCountry } from './CountryContext';

/** The locale dates are written in: English as the current country writes it (en-SG, en-MY …). */
export const useDateLocale = (): string => localeOf(useCountry().country);

export const LocalDateField = (props: DateFieldProps) => {
  const locales = useDateLocale();
  return (
    <DateField locales={locales} options={props.showTime ? DATE_TIME_OPTIONS : DATE_OPTIONS} {...props} />
  );
};
