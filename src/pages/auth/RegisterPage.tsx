import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, LinkBase, PasswordInput, required, TextInput, useTranslate } from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract';
import { AuthCard } from '../../components/AuthCard';
import { isApiError, violationsByField } from '../../components/apiError';
import { emailValidators, passwordValidators, SubmitButton, sameAs } from '../../components/forms';
import { useHttpClient } from '../../components/HttpClientContext';
import { PhoneNumberInput, toPhoneCountry } from '../../components/PhoneInput';
import { TermsCheckbox } from '../../components/TermsCheckbox';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { getCountry } from '../../providers/storage';

interface RegisterValues {
  name: string;
  email: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

/** The body of POST user/merchant/register. */
export interface MerchantRegisterBody {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

export const RegisterPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const onSubmit = async (values: Partial<RegisterValues>) => {
    const body: MerchantRegisterBody = {
      name: (values.name ?? '').trim(),
      email: (values.email ?? '').trim(),
      mobile: values.mobile ?? '',
      password: values.password ?? '',
    };
    try {
      await http('/user/merchant/register', { method: 'POST', body, auth: false });
      setRegisteredEmail(body.email);
    } catch (error) {
      if (isApiError(error, 'EMAIL_ALREADY_IN_USE')) return { email: 'pages.common.email_in_use' };
      if (isApiError(error, 'MOBILE_ALREADY_IN_USE')) return { mobile: 'pages.common.mobile_in_use' };
      const fieldErrors = violationsByField(error);
      if (fieldErrors) return fieldErrors;
      notifyError(error);
    }
  };

  if (registeredEmail) {
    return (
      <AuthCard icon={<MarkEmailReadOutlined />} title={translate('pages.register.done_title')}>
        <Typography role="status" sx={{ textAlign: 'center' }}>
          {translate('pages.register.done_body', { email: registeredEmail })}
        </Typography>
        <Button component={LinkBase} to="/login" variant="contained" fullWidth size="large" sx={{ mt: 3 }}>
          {translate('pages.common.back_to_sign_in')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      wide
      icon={<StorefrontOutlined />}
      title={translate('pages.register.title')}
      subtitle={translate('pages.register.subtitle')}
      footer={
        <Typography variant="body2" color="text.secondary">
          {translate('pages.register.have_account')}{' '}
          <Link component={LinkBase} to="/login">
            {translate('pages.common.sign_in')}
          </Link>
        </Typography>
      }
    >
      <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <TextInput
          source="name"
          label="pages.common.name"
          autoComplete="name"
          autoFocus
          validate={required()}
          fullWidth
        />
        <TextInput
          source="email"
          type="email"
          label="pages.common.email"
          autoComplete="email"
          validate={emailValidators}
          fullWidth
        />
        <PhoneNumberInput
          source="mobile"
          label="pages.common.mobile"
          validate={required()}
          defaultCountry={toPhoneCountry(getCountry())}
        />
        <PasswordInput
          source="password"
          label="pages.common.password"
          autoComplete="new-password"
          validate={passwordValidators}
          helperText={translate('pages.common.password_hint', {
            min: PASSWORD_MIN_LENGTH,
            max: PASSWORD_MAX_LENGTH,
          })}
          fullWidth
        />
        <PasswordInput
          source="confirmPassword"
          label="pages.common.confirm_password"
          autoComplete="new-password"
          validate={[required(), sameAs('password')]}
          fullWidth
        />
        <TermsCheckbox source="acceptTerms" />
        <SubmitButton busyLabel={translate('pages.register.submitting')}>
          {translate('pages.register.submit')}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};
