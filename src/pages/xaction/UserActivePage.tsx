import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { isApiError, toApiErrorLike, violationsByField } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { NewPasswordCard } from '../../components/NewPasswordFields';
import { ResultCard, type ResultOutcome } from '../../components/ResultCard';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';

type Phase = 'missing' | 'activating' | 'password' | 'done' | 'invalid' | 'not_allowed' | 'failed';

/** The body of PATCH user/active-by-email. */
export interface ActiveByEmailBody {
  token: string;
  password?: string;
}

const TRUE_VALUES = ['1', 'true', 'yes'];

/**
 * The activation link of an e-mail (/x-action/user-active?token=…). A self-registered merchant is
 * activated at once. An invited user has no password yet: the link may say so (`setPassword=1`),
 * and otherwise the server's answer does (code 2 naming the `password` field); either way a
 * password form is shown and the activation is sent again with it.
 */
export const UserActivePage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token') ?? '';
  const wantsPassword = TRUE_VALUES.includes((params.get('setPassword') ?? '').toLowerCase());
  const [phase, setPhase] = useState<Phase>(!token ? 'missing' : wantsPassword ? 'password' : 'activating');
  const [failure, setFailure] = useState('');
  // The link is single-use: a second automatic call (StrictMode re-runs effects) would report it used.
  const started = useRef(false);

  const activate = (password?: string) => {
    const body: ActiveByEmailBody = password === undefined ? { token } : { token, password };
    return http('/user/active-by-email', { method: 'PATCH', body, auth: false });
  };

  /** The phase a failed activation leads to, or null when the form should show field errors. */
  const phaseOfError = (error: unknown): Phase | null => {
    if (isApiError(error, 'EMAIL_ACTION_TOKEN_INVALID')) return 'invalid';
    if (isApiError(error, 'INVALID_USER_STATE')) return 'not_allowed';
    if (violationsByField(error)) return null;
    notifyError(error);
    setFailure(toApiErrorLike(error).message);
    return 'failed';
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link; `started` guards it
  useEffect(() => {
    if (phase !== 'activating' || started.current) return;
    started.current = true;
    activate()
      .then(() => setPhase('done'))
      .catch((error: unknown) => {
        const fields = violationsByField(error);
        if (fields && 'password' in fields) {
          setPhase('password');
          return;
        }
        setPhase(phaseOfError(error) ?? 'failed');
      });
  }, [phase]);

  const onSubmit = async (values: { password?: string }) => {
    try {
      await activate(values.password ?? '');
      setPhase('done');
    } catch (error) {
      const next = phaseOfError(error);
      if (next) setPhase(next);
      else return violationsByField(error);
    }
  };

  const title = translate('pages.user_active.title');
  if (phase === 'password') {
    return (
      <NewPasswordCard
        icon={<HowToRegOutlined />}
        title={title}
        intro={translate('pages.user_active.set_password')}
        submitLabel={translate('pages.user_active.submit')}
        busyLabel={translate('pages.user_active.submitting')}
        onSubmit={onSubmit}
      />
    );
  }
  const backToSignIn = { label: translate('pages.common.back_to_sign_in'), to: '/login' };
  const outcomes: Record<Exclude<Phase, 'password'>, ResultOutcome> = {
    missing: { status: 'error', message: translate('pages.common.missing_token') },
    activating: { status: 'pending', message: translate('pages.user_active.activating') },
    done: {
      status: 'success',
      message: translate('pages.user_active.done'),
      action: { label: translate('pages.common.sign_in'), to: '/login' },
    },
    invalid: { status: 'error', message: translate('pages.user_active.invalid'), action: backToSignIn },
    not_allowed: {
      status: 'error',
      message: translate('pages.user_active.not_allowed'),
      action: { label: translate('pages.common.help'), to: '/help' },
    },
    failed: {
      status: 'error',
      message: failure || translate('common.notice.unknown_error'),
      action: backToSignIn,
    },
  };
  return <ResultCard title={title} {...outcomes[phase]} />;
};
