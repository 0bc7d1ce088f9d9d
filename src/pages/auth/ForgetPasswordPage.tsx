import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Link } from '@mui/material';
import { useState } from 'react';
import { Form, LinkBase, TextInput, useTranslate } from 'react-admin';
import { AuthCard, MailSentCard } from '../../components/AuthCard';
import { isApiError, violationsByField } from '../../components/apiError';
import { emailValidators, SubmitButton } from '../../components/forms';
import { useHttpClient } from '../../components/HttpClientContext';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';

export const ForgetPasswordPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (values: { email?: string }) => {
    const email = (values.email ?? '').trim();
    try {
      await http('/auth/password/send/forget/email', { method: 'POST', body: { email }, auth: false });
      setSentTo(email);
    } catch (error) {
      if (isApiError(error, 'USER_EMAIL_NOT_EXIST')) return { email: 'pages.forget_password.no_account' };
      const fieldErrors = violationsByField(error);
      if (fieldErrors) return fieldErrors;
      notifyError(error);
    }
  };

  const backToSignIn = (
    <Link component={LinkBase} to="/login" variant="body2">
      {translate('pages.common.back_to_sign_in')}
    </Link>
  );

  if (sentTo) {
    return (
      <MailSentCard
        title={translate('pages.forget_password.done_title')}
        body={translate('pages.forget_password.done_body', { email: sentTo })}
      />
    );
  }

  return (
    <AuthCard
      icon={<KeyOutlined />}
      title={translate('pages.forget_password.title')}
      subtitle={translate('pages.forget_password.intro')}
      footer={backToSignIn}
    >
      <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <TextInput
          source="email"
          type="email"
          label="pages.common.email"
          autoComplete="email"
          autoFocus
          validate={emailValidators}
          fullWidth
        />
        <SubmitButton busyLabel={translate('pages.forget_password.submitting')}>
          {translate('pages.forget_password.submit')}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};
