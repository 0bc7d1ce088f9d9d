import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useState } from 'react';
import { Form, required, TextInput, useTranslate } from 'react-admin';
import { AuthCard, AuthFooterLink, MailSentCard } from '../../components/AuthCard';
import { isApiError, violationsByField } from '../../components/apiError';
import { emailValidators, SubmitButton } from '../../components/forms';
import { useHttpClient } from '../../components/HttpClientContext';
import { NewPasswordFields } from '../../components/NewPasswordFields';
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
      <MailSentCard
        title={translate('pages.register.done_title')}
        body={translate('pages.register.done_body', { email: registeredEmail })}
      />
    );
  }

  return (
    <AuthCard
      wide
      icon={<StorefrontOutlined />}
      title={translate('pages.register.title')}
      subtitle={translate('pages.register.subtitle')}
      footer={
        <AuthFooterLink question={translate('pages.register.have_account')} to="/login">
          {translate('pages.common.sign_in')}
        </AuthFooterLink>
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
        <NewPasswordFields label="pages.common.password" />
        <TermsCheckbox source="acceptTerms" />
        <SubmitButton busyLabel={translate('pages.register.submitting')}>
          {translate('pages.register.submit')}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};
