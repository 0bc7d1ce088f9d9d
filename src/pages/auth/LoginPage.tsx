import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Link, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Form,
  LinkBase,
  PasswordInput,
  required,
  TextInput,
  useLogin,
  useNavigate,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import {
  EMAIL_LINK_PATHS,
  SIGN_IN_ATTEMPTS_LEFT_HEADER,
  TWO_FACTOR_CODE_MAX_LENGTH,
} from '../../../contract';
import { AuthCard, AuthFooterLink } from '../../components/AuthCard';
import {
  apiErrorData,
  apiErrorStatus,
  isApiError,
  numberHeaderOf,
  retryAfterSeconds,
  violationsByField,
} from '../../components/apiError';
import { emailValidators, SubmitButton } from '../../components/forms';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { nextOf } from '../../layout/deepLink';
import { getPortalEnv } from '../../providers/env';

interface LoginValues {
  email: string;
  password: string;
}

type LoginAlert = { severity: 'error' | 'warning'; lines: string[] };

/** What the last sign-in step answered (nothing, a problem or a warning), one line a row. */
const LoginAlertBox = ({ alert }: { alert: LoginAlert | null }) =>
  alert ? (
    <Alert severity={alert.severity} role="alert" sx={{ mb: 2 }}>
      {alert.lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </Alert>
  ) : null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The reset-password token that a 26202 error carries in its data. */
const resetTokenOf = (error: unknown): string | undefined => {
  const data = apiErrorData(error);
  if (typeof data === 'string') return data;
  return isRecord(data) && typeof data.resetPasswordToken === 'string' ? data.resetPasswordToken : undefined;
};

const userStateOf = (error: unknown): string | undefined => {
  const data = apiErrorData(error);
  return isRecord(data) && typeof data.state === 'string' ? data.state : undefined;
};

/** The challenge that a 26212 error carries in its data. */
const challengeOf = (error: unknown): string | undefined => {
  const data = apiErrorData(error);
  return isRecord(data) && typeof data.challenge === 'string' ? data.challenge : undefined;
};

/** The message key when the account's company (26433), brand (26434) or store (26435) is closed. */
const closedKeyOf = (error: unknown): string | undefined =>
  isApiError(error, 'COMPANY_NOT_ACTIVE')
    ? 'pages.login.closed_company'
    : isApiError(error, 'BRAND_NOT_ACTIVE') || isApiError(error, 'STORE_NOT_ACTIVE')
      ? 'pages.login.closed_part'
      : undefined;

/** From this many tries left, the sign-in says how many remain. */
const WARN_FROM = 2;

const attemptsLeftOf = (error: unknown): number | undefined => {
  const data = apiErrorData(error);
  return isRecord(data) && typeof data.attemptsLeft === 'number' ? data.attemptsLeft : undefined;
};

/**
 * The second step of a sign-in with a second factor (docs/api.md "Two-factor sign-in"): a code of the
 * authenticator app, or a recovery code. `onRestart` goes back to e-mail and password.
 */
const TwoFactorStep = ({
  challenge,
  next,
  onRestart,
}: {
  challenge: string;
  next: string | null;
  onRestart: (alert: LoginAlert | null) => void;
}) => {
  const translate = useTranslate();
  const login = useLogin();
  const notifyError = useApiErrorNotify();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [alert, setAlert] = useState<LoginAlert | null>(null);

  const onSubmit = async (values: { code?: string }) => {
    setAlert(null);
    try {
      await login({ challenge, code: (values.code ?? '').trim(), next });
    } catch (error) {
      if (isApiError(error, 'TWO_FACTOR_CODE_INVALID')) {
        const left = attemptsLeftOf(error);
        if (left === 0) {
          onRestart({ severity: 'warning', lines: [translate('pages.login.two_factor_expired')] });
          return;
        }
        const lines = [translate('pages.login.two_factor_wrong')];
        if (left !== undefined)
          lines.push(translate('pages.login.two_factor_attempts', { smart_count: left }));
        setAlert({ severity: 'error', lines });
        return;
      }
      if (isApiError(error, 'TWO_FACTOR_CHALLENGE_INVALID')) {
        onRestart({ severity: 'warning', lines: [translate('pages.login.two_factor_expired')] });
        return;
      }
      // a reset was forced while the code was being typed: straight to setting the new password
      const resetToken = isApiError(error, 'USER_SHOULD_RESET_PASSWORD') ? resetTokenOf(error) : undefined;
      if (resetToken) {
        navigate(`${EMAIL_LINK_PATHS.forgetPwd}?token=${encodeURIComponent(resetToken)}&required=1`);
        return;
      }
      const closed = closedKeyOf(error);
      if (closed || isApiError(error, 'INVALID_USER_STATE')) {
        onRestart({ severity: 'warning', lines: [translate(closed ?? 'pages.login.not_active')] });
        return;
      }
      if (isApiError(error, 'TOO_MANY_REQUESTS') || apiErrorStatus(error) === 429) {
        setAlert({ severity: 'error', lines: [translate('pages.login.too_many_later')] });
        return;
      }
      const fieldErrors = violationsByField(error);
      if (fieldErrors) return fieldErrors;
      notifyError(error);
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(recovery ? 'pages.login.recovery_intro' : 'pages.login.two_factor_intro')}
      </Typography>
      <LoginAlertBox alert={alert} />
      {/* a new form for each kind of code, so the field starts empty */}
      <Form
        key={recovery ? 'recovery' : 'totp'}
        onSubmit={onSubmit}
        noValidate
        disableInvalidFormNotification
      >
        <TextInput
          source="code"
          label={recovery ? 'pages.login.recovery_code' : 'pages.login.two_factor_code'}
          autoComplete="one-time-code"
          autoFocus
          validate={required()}
          fullWidth
          helperText={false}
          slotProps={{
            htmlInput: recovery
              ? { autoCapitalize: 'none', spellCheck: false, maxLength: TWO_FACTOR_CODE_MAX_LENGTH }
              : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: TWO_FACTOR_CODE_MAX_LENGTH },
          }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Link component="button" type="button" variant="body2" onClick={() => setRecovery((r) => !r)}>
            {translate(recovery ? 'pages.login.use_app_code' : 'pages.login.use_recovery_code')}
          </Link>
          <Link component="button" type="button" variant="body2" onClick={() => onRestart(null)}>
            {translate('pages.login.back_to_sign_in')}
          </Link>
        </Box>
        <SubmitButton busyLabel={translate('pages.login.verifying')}>
          {translate('pages.login.verify')}
        </SubmitButton>
      </Form>
    </>
  );
};

export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const notifyError = useApiErrorNotify();
  const [alert, setAlert] = useState<LoginAlert | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const { portalTitle } = getPortalEnv();
  // a deep link kept through sign-in (layout/deepLink.ts): followed only when it is a path of this site
  const next = nextOf(useLocation().search);

  const onSubmit = async (values: Partial<LoginValues>) => {
    setAlert(null);
    try {
      await login({ email: (values.email ?? '').trim(), password: values.password ?? '', next });
    } catch (error) {
      if (isApiError(error, 'TWO_FACTOR_REQUIRED')) {
        const found = challengeOf(error);
        if (found) {
          setChallenge(found);
          return;
        }
      }
      if (isApiError(error, 'BAD_CREDENTIALS')) {
        const left = numberHeaderOf(error, SIGN_IN_ATTEMPTS_LEFT_HEADER);
        const lines = [translate('pages.login.bad_credentials')];
        // the server counts tries per e-mail and address alike for every e-mail (headers of its 26200):
        // no hint that an account exists
        if (left === 0)
          lines.push(
            translate('pages.login.paused', {
              smart_count: Math.max(1, Math.ceil((retryAfterSeconds(error) ?? 0) / 60)),
            }),
          );
        else if (left !== undefined && left <= WARN_FROM)
          lines.push(translate('pages.login.tries_left', { smart_count: left }));
        setAlert({ severity: 'error', lines });
        return;
      }
      if (isApiError(error, 'INVALID_USER_STATE')) {
        const state = userStateOf(error);
        const lines =
          state === 'WAIT_EMAIL_ACTIVE'
            ? [translate('pages.login.wait_email_active')]
            : state === 'LOCK'
              ? [translate('pages.login.locked')]
              : state
                ? [translate('pages.login.not_active')]
                : // Without the state in the error, both readings are offered.
                  [translate('pages.login.not_active'), translate('pages.login.maybe_wait_email_active')];
        setAlert({ severity: 'warning', lines });
        return;
      }
      const closed = closedKeyOf(error);
      if (closed) {
        setAlert({ severity: 'warning', lines: [translate(closed)] });
        return;
      }
      if (isApiError(error, 'USER_SHOULD_RESET_PASSWORD')) {
        const token = resetTokenOf(error);
        if (token) {
          // straight into setting a new password; `required` words its intro for this case
          navigate(`${EMAIL_LINK_PATHS.forgetPwd}?token=${encodeURIComponent(token)}&required=1`);
          return;
        }
        setAlert({ severity: 'warning', lines: [translate('pages.login.reset_required')] });
        return;
      }
      if (isApiError(error, 'TOO_MANY_REQUESTS') || apiErrorStatus(error) === 429) {
        const seconds = retryAfterSeconds(error);
        const line =
          seconds === undefined
            ? translate('pages.login.too_many_later')
            : translate('pages.login.too_many', { smart_count: Math.max(1, Math.ceil(seconds / 60)) });
        setAlert({ severity: 'error', lines: [line] });
        return;
      }
      const fieldErrors = violationsByField(error);
      if (fieldErrors) return fieldErrors;
      notifyError(error);
    }
  };

  if (challenge) {
    return (
      <AuthCard
        icon={<LockOutlined />}
        title={translate('pages.login.two_factor_title')}
        subtitle={translate('pages.login.subtitle', { title: portalTitle })}
      >
        <TwoFactorStep
          challenge={challenge}
          next={next}
          onRestart={(restartAlert) => {
            setChallenge(null);
            setAlert(restartAlert);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LockOutlined />}
      title={translate('pages.login.title')}
      subtitle={translate('pages.login.subtitle', { title: portalTitle })}
      footer={
        <AuthFooterLink question={translate('pages.login.no_account')} to="/register">
          {translate('pages.login.register')}
        </AuthFooterLink>
      }
    >
      <LoginAlertBox alert={alert} />
      <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <TextInput
          source="email"
          type="email"
          label="pages.common.email"
          // an e-mail input takes `email` (HTML autofill; `username` belongs to a text input, H98)
          autoComplete="email"
          autoFocus
          validate={emailValidators}
          fullWidth
          helperText={false}
        />
        <PasswordInput
          source="password"
          label="pages.common.password"
          autoComplete="current-password"
          validate={required()}
          fullWidth
          helperText={false}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Link component={LinkBase} to="/forget-password" variant="body2">
            {translate('pages.login.forgot')}
          </Link>
        </Box>
        <SubmitButton busyLabel={translate('pages.login.submitting')}>
          {translate('pages.login.submit')}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};
