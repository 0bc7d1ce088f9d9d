// Inputs the operation forms share: the store an operation happens at (an ACTIVE store of the record's
// brand, from the caller's own store list) and the reason a void takes, with their checks.
import {
  AutocompleteInput,
  maxLength,
  ReferenceInput,
  required,
  TextInput,
  type Validator,
} from 'react-admin';
import { store } from '../../../resources';

/** A text value without its surrounding blanks; anything else as ''. */
export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Required, and more than blanks. */
export const notBlank: Validator = (value: unknown) =>
  trimmed(value) === '' ? 'ra.validation.required' : undefined;

/** A whole number or nothing (required() says when it must be there); else `message`. */
export const wholeNumber =
  (message: string): Validator =>
  (value: unknown) =>
    value === null || value === undefined || value === '' || Number.isInteger(value) ? undefined : message;

/** `storeId`: an ACTIVE store of `brandId` (any brand's when it has none), picked by name. */
export const BrandStoreInput = ({
  brandId,
  label,
  helperText,
}: {
  brandId: unknown;
  label: string;
  helperText: string;
}) => (
  <ReferenceInput
    source="storeId"
    reference={store.name}
    filter={{ ...(typeof brandId === 'number' ? { brandId } : {}), state: 'ACTIVE' }}
    sort={{ field: 'name', order: 'ASC' }}
    perPage={50}
  >
    <AutocompleteInput
      label={label}
      optionText="name"
      validate={required()}
      helperText={helperText}
      fullWidth
    />
  </ReferenceInput>
);

/** `reason`: why, in at most `max` characters (kept in the record's history). */
export const ReasonInput = ({
  label,
  helperText,
  max,
}: {
  label: string;
  helperText: string;
  max: number;
}) => (
  <TextInput
    source="reason"
    label={label}
    validate={[required(), notBlank, maxLength(max)]}
    helperText={helperText}
    multiline
    minRows={3}
    fullWidth
    autoFocus
  />
);
