// The form around one operation (in a dialog or on a page): the server's refusal above the inputs with
// the fields it names, Cancel and a submit button that spins while the operation runs. The dialog is
// mounted only while open, so each opening starts with a fresh form.
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { Form, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { ERRORS } from '../../../contract/errors';
import { DialogSubmitButton } from '../DialogSubmitButton';
import { fieldErrorsOf, type OperationFailure } from './failure';
import { type OperationOutcome, type RunOperation, useConfirmedOperation } from './useConfirmedOperation';

const EMPTY_RECORD = {};

/**
 * Where a refusal's field names find their labels (`{prefix}.{field}`, else the name itself): the
 * voucher screens' labels unless a screen names its own.
 */
export const DEFAULT_FIELD_LABELS = 'voucherPages.field';

export type SubmitErrors = Record<string, string> | undefined;

/**
 * What a submitted operation form answers react-admin: nothing once the operation succeeded (after
 * `onSuccess`) or was cancelled, else the refusal's violations on the form's own `fields`.
 */
export const submitErrorsOf = <T,>(
  outcome: OperationOutcome<T>,
  fields: readonly string[],
  onSuccess: (result: T) => void = () => {},
): SubmitErrors => {
  if (outcome.status === 'success') {
    onSuccess(outcome.result);
    return undefined;
  }
  return outcome.status === 'failed' ? fieldErrorsOf(outcome.failure, fields) : undefined;
};

/** The server's refusal: its message, then each field it names with the reason. */
export const FailureAlert = ({
  failure,
  fieldLabels = DEFAULT_FIELD_LABELS,
}: {
  failure: OperationFailure | null;
  fieldLabels?: string;
}) => {
  const translate = useTranslate();
  if (!failure) return null;
  const insufficient = failure.code === ERRORS.WALLET_INSUFFICIENT_BALANCE.code;
  return (
    <Alert severity="error" variant="outlined" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{failure.message || translate('common.notice.unknown_error')}</AlertTitle>
      {failure.fields.map((v) => {
        // the wallet's refusal is one sentence naming both amounts ("The wallet holds SGD 1,188.10; …")
        if (insufficient) return <div key={`${v.field}:${v.message}`}>{v.message}</div>;
        const field = translate(`${fieldLabels}.${v.field}`, { _: v.field });
        return <div key={`${v.field}:${v.message}`}>{`${field}: ${v.message}`}</div>;
      })}
      {insufficient ? (
        <Link component={RouterLink} to="/finance/wallet/top-up" sx={{ display: 'inline-block', mt: 1 }}>
          {translate('financePages.top_up_wallet')}
        </Link>
      ) : null}
    </Alert>
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

/**
 * A dialog around one react-admin form, mounted only while open so each opening starts with a fresh
 * form; Cancel and the submit button sit in the dialog's actions, inside the form.
 */
export const FormDialog = ({
  open,
  title,
  submitLabel,
  onClose,
  onSubmit,
  formProps,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<SubmitErrors>;
  /** the form's own record and first values, where it has them */
  formProps?: { record?: Record<string, unknown>; defaultValues?: Record<string, unknown> };
  children?: ReactNode;
}) => {
  const formId = useId();
  const titleId = `${formId}-title`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {open && (
        <Form id={formId} onSubmit={onSubmit} noValidate disableInvalidFormNotification {...formProps}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <CancelButton onClick={onClose} />
            <DialogSubmitButton form={formId}>{submitLabel}</DialogSubmitButton>
          </DialogActions>
        </Form>
      )}
    </Dialog>
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
  /** the refusal's field labels (see DEFAULT_FIELD_LABELS) */
  fieldLabels?: string;
  children?: ReactNode;
}

/** An operation's form dialog: the server's refusal above the inputs. */
export const OperationDialog = ({
  failure,
  defaultValues,
  fieldLabels,
  children,
  ...dialog
}: OperationDialogProps) => (
  <FormDialog
    {...dialog}
    // its own values only: not the record of the page around it (a pack's quantity, a voucher's fields)
    formProps={{ record: EMPTY_RECORD, ...(defaultValues ? { defaultValues } : {}) }}
  >
    <FailureAlert failure={failure} fieldLabels={fieldLabels} />
    {children}
  </FormDialog>
);

export interface ConfirmedOperationDialogProps extends Omit<OperationDialogProps, 'failure' | 'onSubmit'> {
  /**
   * The submitted values: `run` confirms and sends the operation, `close` closes the dialog (and
   * forgets its refusal); the answer is the form's errors.
   */
  onSubmit: (
    values: Record<string, unknown>,
    operation: { run: RunOperation; close: () => void },
  ) => Promise<SubmitErrors>;
}

/** One operation's dialog with its own confirm-then-act (useConfirmedOperation) and confirm dialog. */
export const ConfirmedOperationDialog = ({ onSubmit, onClose, ...props }: ConfirmedOperationDialogProps) => {
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  const close = () => {
    clearFailure();
    onClose();
  };
  return (
    <>
      <OperationDialog
        {...props}
        onClose={close}
        failure={failure}
        onSubmit={(values) => onSubmit(values, { run, close })}
      />
      {confirmDialog}
    </>
  );
};
