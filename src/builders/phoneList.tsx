// A list on a phone: a card per row with its name, its state and a few short details, instead of
// the table's columns.
import { Box } from '@mui/material';
import { SelectField, useRecordContext, useTranslate } from 'react-admin';
import { choicesOf } from './choices';
import type { FieldDeclaration, ResourceDeclaration, SelectFieldDeclaration } from './declarations';
import { CREATE_TIME_COLUMN, fieldLabelKey, listColumnsOf } from './declarations';
import { displayOf } from './display';

/** Details a phone's card shows under the row's name: short values only (no images, no JSON). */
const PHONE_DETAILS = 2;
const isStateField = (field: FieldDeclaration): field is SelectFieldDeclaration =>
  field.type === 'select' && (field.name === 'state' || field.name === 'status');

/** The list's columns that a phone's card shows: the row's state, then a few details. */
export const phoneCardOf = (decl: ResourceDeclaration) => {
  const listFields = listColumnsOf(decl);
  // a ledger's card names its time besides its details
  const extra = listFields[0] === CREATE_TIME_COLUMN ? 1 : 0;
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
      .slice(0, PHONE_DETAILS + extra),
  };
};

/** One line of "Label value" pairs under a card's title (spans: it sits inside a paragraph). */
export const PhoneDetails = ({
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

export const RowId = () => {
  const record = useRecordContext();
  return record ? <span>#{String(record.id)}</span> : null;
};
