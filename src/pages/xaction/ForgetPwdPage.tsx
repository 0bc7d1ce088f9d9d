import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { isApiError, toApiErrorLike, violationsByField } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { NewPasswordCard } from '../../components/NewPasswordFields';
import { ResultCard, type ResultOutcome } from '../../components/ResultCard';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';

type Phase = 'missing' | 'verifying' | 'form' | 'done' | 'invalid' | 'failed';

/**
 * The forgotten-password link (/x-action/forget-pwd?token=…), also reached from sign-in when the
 * server answers 26202 with a reset token. The token is verified first so that a dead link says so
 * before the user types a new password.
 */
export const ForgetPwdPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token') ?? '';
  // from sign-in's 26202: the user did not ask for this, an administrator did
  const required = params.get('required') === '1';
  const [phase, setPhase] = useState<Phase>(token ? 'verifying' : 'missing');
  const [failure, setFailure] = useState('');
  const started = useRef(false);

  const fail = (error: unknown): Phase => {
    if (isApiError(error, 'EMAIL_ACTION_TOKEN_INVALID')) return 'invalid';
    notifyError(error);
    setFailure(toApiErrorLike(error).message);
    return 'failed';
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: verifies once per link; `started` guards it
  useEffect(() => {
    if (phase !== 'verifying' || started.current) return;
    started.current = true;
    http('/auth/password/verify/forget/email', { method: 'POST', body: { token }, auth: false })
      .then(() => setPhase('form'))
      .catch((error: unknown) => setPhase(fail(error)));
  }, [phase]);

  const onSubmit = async (values: { password?: string }) => {
    try {
      await http('/auth/password/reset', {
        method: 'POST',
        body: { token, password: values.password ?? '' },
        auth: false,
      });
      setPhase('done');
    } catch (error) {
      const fields = violationsByField(error);
      if (fields) return fields;
      setPhase(fail(error));
    }
  };

  const title = translate('pages.forget_pwd.title');
  if (phase === 'form') {
    return (
      <NewPasswordCard
        icon={<LockResetOutlined />}
        title={title}
        intro={translate(required ? 'pages.forget_pwd.intro_required' : 'pages.forget_pwd.intro')}
        submitLabel={translate('pages.forget_pwd.submit')}
        busyLabel={translate('pages.forget_pwd.submitting')}
        onSubmit={onSubmit}
      />
    );
  }
  const requestNew = { label: translate('pages.forget_pwd.request_new'), to: '/forget-password' };
  const outcomes: Record<Exclude<Phase, 'form'>, ResultOutcome> = {
    missing: { status: 'error', message: translate('pages.common.missing_token'), action: requestNew },
    verifying: { status: 'pending', message: translate('pages.forget_pwd.verifying') },
    invalid: {
      status: 'error',
      message: translate('pages.forget_pwd.invalid'),
      action: requestNew,
      secondary: { label: translate('pages.common.back_to_sign_in'), to: '/login' },
    },
    failed: {
      status: 'error',
      message: failure || translate('common.notice.unknown_error'),
      action: requestNew,
    },
    done: {
      status: 'success',
      message: translate('pages.forget_pwd.done'),
      action: { label: translate('pages.common.sign_in'), to: '/login' },
    },
  };
  return <ResultCard title={title} {...outcomes[phase]} />;
};
