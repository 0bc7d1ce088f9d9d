import { PasswordInput, required, useTranslate, type Validator } from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract';
import { passwordValidators, sameAs } from './forms';

/** New password + confirmation, with the contract's length rule shown as a hint. */
export const NewPasswordFields = ({
  autoFocus,
  source = 'password',
  validate = [],
}: {
  autoFocus?: boolean;
  source?: string;
  /** rules on top of the length rule, e.g. "differs from the current password" */
  validate?: Validator[];
}) => {
  const translate = useTranslate();
  return (
    <>
      <PasswordInput
        source={source}
        label="pages.common.new_password"
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
