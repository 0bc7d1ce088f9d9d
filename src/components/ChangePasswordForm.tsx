import { Form, PasswordInput, required, useGetIdentity, useTranslate, type Validator } from 'react-admin';
import { isApiError, violationsByField } from './apiError';
import { SubmitButton } from './forms';
import { useHttpClient } from './HttpClientContext';
import { NewPasswordFields } from './NewPasswordFields';
import { useApiErrorNotify } from './useApiErrorNotify';

/** The body of PUT user/{id}/pwd. */
export interface ChangePasswordBody {
  oldPassword: string;
  password: string;
}

const differsFromOld: Validator = (value: unknown, values: Record<string, unknown>) =>
  value && value === values.oldPassword ? 'pages.change_password.same_as_old' : undefined;

/**
 * Current password, then the new one twice; PUT user/{id}/pwd for the signed-in user. A wrong
 * current password (26203) is shown on that field.
 */
export const ChangePasswordForm = ({ onDone, submitLabel }: { onDone: () => void; submitLabel?: string }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const { identity } = useGetIdentity();

  const onSubmit = async (values: Partial<ChangePasswordBody>) => {
    if (identity?.id === undefined) return;
    const body: ChangePasswordBody = {
      oldPassword: values.oldPassword ?? '',
      password: values.password ?? '',
    };
    try {
      await http(`/user/${encodeURIComponent(String(identity.id))}/pwd`, { method: 'PUT', body });
      onDone();
    } catch (error) {
      if (isApiError(error, 'OLD_PASSWORD_INCORRECT'))
        return { oldPassword: 'pages.change_password.wrong_old' };
      const fields = violationsByField(error);
      if (fields) return fields;
      notifyError(error);
    }
  };

  return (
    <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
      <PasswordInput
        source="oldPassword"
        label="pages.common.current_password"
        autoComplete="current-password"
        autoFocus
        validate={required()}
        fullWidth
      />
      <NewPasswordFields validate={[differsFromOld]} />
      <SubmitButton busyLabel={translate('pages.common.saving')}>
        {submitLabel ?? translate('pages.change_password.submit')}
      </SubmitButton>
    </Form>
  );
};
