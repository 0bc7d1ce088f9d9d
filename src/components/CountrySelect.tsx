import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCountry } from './CountryContext';

/** The app bar's country selector; the choice goes out as X-Country on every call. */
export const CountrySelect = () => {
  const translate = useTranslate();
  const { country, supported, setCountry } = useCountry();
  const codes = supported.map((c) => c.countryCode.toLowerCase());
  // The stored country is always offered, even before (or without) the supported list.
  const options = codes.includes(country) ? codes : [country, ...codes];
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      fullWidth={false}
      margin="none"
      value={country}
      onChange={(e) => setCountry(e.target.value)}
      label={translate('common.country.label')}
      slotProps={{
        htmlInput: { 'aria-label': translate('common.country.select'), 'data-testid': 'country-select' },
      }}
      sx={{
        // '&&' outranks react-admin's theme, which makes inputs full width on small screens.
        '&&': { width: 96, minWidth: 96, flexShrink: 0 },
        '& .MuiInputBase-root': { color: 'inherit' },
        '& .MuiInputLabel-root': { color: 'inherit', opacity: 0.8 },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor', opacity: 0.5 },
        '& .MuiSvgIcon-root': { color: 'inherit' },
      }}
    >
      {options.map((code) => (
        <MenuItem key={code} value={code}>
          {code.toUpperCase()}
        </MenuItem>
      ))}
    </TextField>
  );
};
