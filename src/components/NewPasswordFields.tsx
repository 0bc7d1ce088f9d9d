import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, PasswordInput, required, useTranslate, type Validator } from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract';
import { AuthCard } from './AuthCard';
import { passwordValidators, SubmitButton, sameAs } from './forms';

/** New password + confirmation, with the contract's length rule shown as a hint. */
export const NewPasswordFields = ({
  autoFocus,
  source = 'password',
  label = 'pages.common.new_password',
  validate = [],
}: {
  autoFocus?: boolean;
  source?: string;
  /** the first field's label: "New password" unless the form only ever sets a first one */
  label?: string;
  /** rules on top of the length rule, e.g. "differs from the current password" */
  validate?: Validator[];
}) => {
  const translate = useTranslate();
  return (
    <>
      <PasswordInput
        source={source}
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
        validate={[...passwordValidators, ...validate]}
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
        validate={[required(), sameAs(source)]}
        fullWidth
      />
    </>
  );
};

/**
 * The new-password step of an e-mail link (password reset, activation of an invited user) in the
 * centred auth card: an intro line, the new password twice and the submit button.
 */
export const NewPasswordCard = ({
  icon,
  title,
  intro,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  icon: ReactNode;
  title: ReactNode;
  intro: ReactNode;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  onSubmit: (values: { password?: string }) => Promise<unknown>;
}) => (
  <AuthCard icon={icon} title={title}>
    <Typography color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
      {intro}
    </Typography>
    <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
      <NewPasswordFields autoFocus />
      <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
    </Form>
  </AuthCard>
);
