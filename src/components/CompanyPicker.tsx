// The operator's searchable company select: the companies' list (react-admin's `company` resource),
// searched on the server by `q` as the operator types. Shared by the hierarchy page's company choice
// and the operator's "Invite a merchant" dialog.
import { Autocomplete, Box, CircularProgress, type SxProps, TextField, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { required, useGetList, useInput, useTranslate } from 'react-admin';
import type { OrgState } from '../../contract/enums';
import { apiErrorLines } from './apiError';
import { OrgStateChip } from './OrgStateChip';

export interface CompanyOption {
  id: number;
  name: string;
  state?: OrgState;
}

export const useDebounced = <T,>(value: T, ms: number): T => {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
};

/**
 * A form's `companyId` held by the company picker: `companyId` is the number held (undefined for none),
 * `valueNamed(name)` the picker's value (the company picked here, else the held id under `name`, by
 * default `#id`), and `picker` the picker's id, onChange (`onPick` runs after the pick is held, e.g. to
 * clear what belonged to the company before) and onBlur.
 */
export const useCompanyField = ({
  isRequired = false,
  onPick,
}: {
  isRequired?: boolean;
  onPick: (company: CompanyOption | null) => void;
}) => {
  const { id, field, fieldState } = useInput<number | null>({
    source: 'companyId',
    defaultValue: null,
    ...(isRequired ? { validate: required() } : {}),
  });
  const [picked, setPicked] = useState<CompanyOption | null>(null);
  const companyId = typeof field.value === 'number' ? field.value : undefined;
  const valueNamed = (name = `#${companyId}`): CompanyOption | null =>
    companyId === undefined ? null : picked?.id === companyId ? picked : { id: companyId, name };
  const picker = {
    id,
    onChange: (company: CompanyOption | null) => {
      setPicked(company);
      field.onChange(company ? company.id : null);
      onPick(company);
    },
    onBlur: field.onBlur,
  };
  return { companyId, picked, error: fieldState.error, valueNamed, picker };
};

export interface CompanyPickerProps {
  value: CompanyOption | null;
  onChange: (company: CompanyOption | null) => void;
  onBlur?: () => void;
  /** already translated; default "Company" */
  label?: string;
  /** already translated; default "Search companies by name" */
  placeholder?: string;
  /** already translated; shown when neither the list nor the field has an error */
  helperText?: string;
  /** the field's own error (e.g. a server answer about the chosen company), already translated */
  error?: string;
  id?: string;
  sx?: SxProps<Theme>;
}

/** The operator's searchable company select: the companies' list, searched on the server. */
export const CompanyPicker = ({
  value,
  onChange,
  onBlur,
  label,
  placeholder,
  helperText,
  error: fieldError,
  id,
  sx = { maxWidth: 480, mb: 3 },
}: CompanyPickerProps) => {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  // The chosen company's name is the input's text: searching for it would narrow the list to one.
  const q = value && search === value.name ? '' : search;
  const { data, isPending, error } = useGetList<CompanyOption & { id: number }>('company', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
    filter: q ? { q } : {},
    // a picker needs the name and the state chip only (the list's `project`)
    meta: { project: ['name', 'state'] },
  });
  const options = data ?? [];
  const loadError = error ? (apiErrorLines(error)[0] ?? '') : undefined;
  const shownError = fieldError ?? loadError;
  return (
    <Autocomplete<CompanyOption>
      id={id}
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={isPending}
      onChange={(_, next) => onChange(next)}
      onBlur={onBlur}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      noOptionsText={translate('hierarchy.picker.none')}
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}
        >
          <span>{option.name}</span>
          {option.state ? <OrgStateChip state={option.state} /> : null}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? translate('hierarchy.picker.label')}
          placeholder={placeholder ?? translate('hierarchy.picker.placeholder')}
          error={shownError !== undefined}
          helperText={shownError ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isPending ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
      sx={sx}
    />
  );
};
