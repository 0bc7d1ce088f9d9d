import { Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { InputHelperText, LinkBase, useInput, useTranslate, type Validator } from 'react-admin';

const mustAccept: Validator = (value: unknown) =>
  value === true ? undefined : 'pages.register.accept_required';

/** "I accept the terms and conditions" as a react-admin input that must be ticked. */
export const TermsCheckbox = ({ source }: { source: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate: mustAccept, defaultValue: false });
  const message = fieldState.error?.message;
  return (
    <FormControl error={fieldState.invalid} sx={{ mt: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
          />
        }
        label={
          <>
            {translate('pages.register.accept_prefix')}{' '}
            <Link component={LinkBase} to="/help/terms-and-conditions" target="_blank" rel="noopener">
              {translate('pages.register.accept_link')}
            </Link>
          </>
        }
      />
      {message ? (
        <FormHelperText>
          <InputHelperText error={message} />
        </FormHelperText>
      ) : null}
    </FormControl>
  );
};
