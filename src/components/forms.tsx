import { Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { email, maxLength, minLength, required, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract';

// A message function, because react-admin would wrap a plain message object in its own args.
const lengthMessage = () => ({
  message: 'pages.common.password_length',
  args: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
});

/** Required, PASSWORD_MIN_LENGTH..PASSWORD_MAX_LENGTH characters (contract constants). */
export const passwordValidators: Validator[] = [
  required(),
  minLength(PASSWORD_MIN_LENGTH, lengthMessage),
  maxLength(PASSWORD_MAX_LENGTH, lengthMessage),
];

export const emailValidators: Validator[] = [required(), email('pages.common.invalid_email')];

/** The value must equal the form's `other` field (password confirmation). */
export const sameAs =
  (other: string): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    value !== values[other] ? 'pages.common.passwords_do_not_match' : undefined;

/** A submit button that is disabled and shows a spinner while its react-admin form submits. */
export const SubmitButton = ({ children, busyLabel }: { children: ReactNode; busyLabel?: ReactNode }) => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      sx={{ mt: 2 }}
    >
      {isSubmitting && busyLabel ? busyLabel : children}
    </Button>
  );
};
