// The submit button of a form in a dialog or beside other actions (operations, access, organisation):
// disabled with a spinner while its react-admin form submits. A page's own form uses the full-width
// SubmitButton of src/components/forms.tsx.
import { Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';

export const DialogSubmitButton = ({
  children,
  busyLabel,
  form,
  disabled = false,
}: {
  children: ReactNode;
  /** said instead of `children` while the form submits */
  busyLabel?: ReactNode;
  /** the id of the form it submits, when the button is outside it */
  form?: string;
  disabled?: boolean;
}) => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      {...(form ? { form } : {})}
      variant="contained"
      disabled={isSubmitting || disabled}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {isSubmitting && busyLabel ? busyLabel : children}
    </Button>
  );
};
