// Confirm-then-act for the voucher operations: a form (in a dialog or on a page) collects what the
// operation needs, the spec's 'Confirm to {action} - {item}?' asks once more, the call goes out with an
// Idempotency-Key, the 'Hint' / 'Error' notice reports it, and a refusal stays visible in the form with
// the server's message and the field it names.
import {
  Alert,
  AlertTitle,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { failureOf, type OperationFailure, useIdempotentSend } from './api';

const EMPTY_RECORD = {};

export type SubmitErrors = Record<string, string> | undefined;

export type OperationOutcome<T> =
  | { status: 'success'; result: T }
  | { status: 'failed'; failure: OperationFailure }
  | { status: 'cancelled' };

export interface OperationRequest<T> {
  /** the spec's {action} and {item}, already translated */
  action: string;
  item: string;
  /** what the call is, for telling one request from another (path and body) */
  request: string;
  send: (idempotencyKey: string) => Promise<T>;
}

/**
 * `run(...)` asks to confirm, sends, notifies, and keeps the failure (`failure`) for the form to show.
 * Render `confirmDialog` next to the form.
 */
export const useConfirmedOperation = () => {
  const { confirm, confirmDialog } = useConfirmAction();
  const sendOnce = useIdempotentSend();
  const [failure, setFailure] = useState<OperationFailure | null>(null);

  const run = useCallback(
    async <T,>({ action, item, request, send }: OperationRequest<T>): Promise<OperationOutcome<T>> => {
      const outcome = await confirm({ action, item, run: () => sendOnce(request, send) });
      if (outcome.status === 'failed') {
        const failed = failureOf(outcome.error);
        setFailure(failed);
        return { status: 'failed', failure: failed };
      }
      if (outcome.status === 'success') setFailure(null);
      return outcome;
    },
    [confirm, sendOnce],
  );
  const clearFailure = useCallback(() => setFailure(null), []);
  return { run, failure, clearFailure, confirmDialog };
};

/** The server's refusal: its message, then each field it names with the reason. */
export const FailureAlert = ({ failure }: { failure: OperationFailure | null }) => {
  const translate = useTranslate();
  if (!failure) return null;
  return (
    <Alert severity="error" variant="outlined" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{failure.message || translate('common.notice.unknown_error')}</AlertTitle>
      {failure.fields.map((v) => {
        const field = translate(`voucherPages.field.${v.field}`, { _: v.field });
        return <div key={`${v.field}:${v.message}`}>{`${field}: ${v.message}`}</div>;
      })}
    </Alert>
  );
};

export const SubmitButton = ({
  form,
  children,
  disabled,
}: {
  form: string;
  children: ReactNode;
  disabled?: boolean;
}) => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      form={form}
      variant="contained"
      disabled={isSubmitting || disabled}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
};

const CancelButton = ({ onClick }: { onClick: () => void }) => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button onClick={onClick} disabled={isSubmitting}>
      {translate('common.button.cancel')}
    </Button>
  );
};

export interface OperationDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<SubmitErrors>;
  failure: OperationFailure | null;
  defaultValues?: Record<string, unknown>;
  children?: ReactNode;
}

/** A dialog around one react-admin form; the buttons sit in the dialog's actions, inside the form. */
export const OperationDialog = ({
  open,
  title,
  submitLabel,
  onClose,
  onSubmit,
  failure,
  defaultValues,
  children,
}: OperationDialogProps) => {
  const formId = useId();
  const titleId = `${formId}-title`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {/* Mounted only while open, so each opening starts with a fresh form. */}
      {open && (
        <Form
          id={formId}
          // its own values only: not the record of the page around it (a pack's quantity, a voucher's fields)
          record={EMPTY_RECORD}
          onSubmit={onSubmit}
          noValidate
          disableInvalidFormNotification
          {...(defaultValues ? { defaultValues } : {})}
        >
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <FailureAlert failure={failure} />
            {children}
          </DialogContent>
          <DialogActions>
            <CancelButton onClick={onClose} />
            <SubmitButton form={formId}>{submitLabel}</SubmitButton>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
