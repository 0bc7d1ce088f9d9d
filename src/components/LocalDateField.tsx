// react-admin's DateField in the product's date style: day month year in the current country's
// English ("25 Nov 2026, 2:05 pm" in Singapore), not the browser's default (US) order, and no seconds.
import { DateField, type DateFieldProps } from 'react-admin';
import { useCountry } from './CountryContext';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The locale dates are written in: English as the current country writes it (en-SG, en-MY …). */
export const useDateLocale = (): string => {
  const { country } = useCountry();
  const tag = `en-${country.toUpperCase()}`;
  return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-SG';
};

export const LocalDateField = (props: DateFieldProps) => {
  const locales = useDateLocale();
  return <DateField locales={locales} options={props.showTime ? DATE_TIME : DATE} {...props} />;
};
