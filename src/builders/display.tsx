// A field's read-only display, in a list cell or on a show page: one switch per field type, ending in
// an exhaustive `never` check.

import { Box, Chip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import {
  BooleanField,
  EmailField,
  FunctionField,
  ImageField,
  NumberField,
  type RaRecord,
  ReferenceField,
  SelectField,
  TextField,
  UrlField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalDateField } from '../components/LocalDateField';
import { useMoney } from '../components/money';
import { choicesOf } from './choices';
import type { FieldDeclaration } from './declarations';
import { useFieldLabel } from './useFieldLabel';

/**
 * An amount in the row's own currency (the server answers each row's company's, a payment its own),
 * else the merchant's; a row without one shows the bare amount. Written by contract/format.ts.
 */
const MoneyField = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const money = useMoney();
  const value: unknown = record?.[source];
  if (value === null || value === undefined) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {money(value, record?.currency)}
    </Typography>
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
export const SelectChip = ({
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

/** An image named by its field's label (its alt text: an image without one is unnamed to a screen reader). */
const LabelledImageField = ({
  resource,
  source,
  where,
}: {
  resource: string;
  source: string;
  where: 'list' | 'show';
}) => {
  const label = useFieldLabel(resource)(source);
  const size = where === 'list' ? 48 : 240;
  return <ImageField source={source} title={label} sx={{ '& img': { maxWidth: size, maxHeight: size } }} />;
};

/** A reference the user may not open shows its id, instead of a failing lookup. */
export const RefField = ({ source, reference }: { source: string; reference: string }) => {
  const { canAccess } = useCanAccess({ action: 'list', resource: reference });
  if (!canAccess) return <NumberField source={source} />;
  return <ReferenceField source={source} reference={reference} link="show" />;
};

export const displayOf = (
  resource: string,
  field: FieldDeclaration,
  where: 'list' | 'show',
): ReactElement => {
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
      return <LabelledImageField resource={resource} source={source} where={where} />;
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
