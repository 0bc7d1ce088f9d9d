import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useGetIdentity, useLogout, useNavigate, useTranslate } from 'react-admin';
import type { SignupState } from '../../../contract';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { useReloadUser } from '../../components/useReloadUser';
import { SignupForm } from './SignupForm';
import { SIGNUP_PATH, type SignupView } from './signupApi';

const APPROVED: SignupState = 'APPROVAL';

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" color="text.secondary">
      {label}
    </Typography>
    <Box component="dd" sx={{ m: 0, fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  </>
);

/**
 * The application under review: the account, the submitted company, brand and store, "Check again"
 * (reloads the user and goes to / once the signup is approved) and sign out.
 */
export const SignupStatusCard = ({ view }: { view?: SignupView | null }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const navigate = useNavigate();
  const logout = useLogout();
  const notifyError = useApiErrorNotify();
  const reloadUser = useReloadUser();
  const { identity, refetch } = useGetIdentity();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);
  const email = typeof identity?.email === 'string' ? identity.email : '';
  const state = typeof identity?.signupState === 'string' ? identity.signupState : 'SUBMITTED';
  const request = view?.request ?? null;

  const checkAgain = async () => {
    setChecking(true);
    setStillPending(false);
    try {
      const user = await reloadUser(identity?.id);
      await refetch();
      if (user.signupState === APPROVED) {
        navigate('/');
        return;
      }
      setStillPending(true);
    } catch (error) {
      notifyError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <HourglassTopOutlined color="primary" sx={{ fontSize: 40 }} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {translate('pages.signup.title')}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('pages.signup.body')}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
        >
          <Detail label={translate('pages.signup.account')}>{email}</Detail>
          {request ? (
            <>
              <Detail label={translate('organisation.signup.summary.company')}>
                {request.companyName}
                {view?.company?.registrationNo ? (
                  <Typography component="span" color="text.secondary">
                    {` · ${view.company.registrationNo}`}
                  </Typography>
                ) : null}
              </Detail>
              <Detail label={translate('organisation.signup.summary.brand')}>
                {request.brandName ?? ''}
              </Detail>
              <Detail label={translate('organisation.signup.summary.store')}>
                {request.storeName ?? ''}
                {view?.store?.address ? (
                  <Typography component="span" color="text.secondary">
                    {` · ${view.store.address}`}
                  </Typography>
                ) : null}
              </Detail>
              <Detail label={translate('organisation.signup.summary.submitted_at')}>
                {dateTime(request.createTime)}
              </Detail>
            </>
          ) : null}
          <Detail label={translate('pages.signup.state')}>
            <Chip
              size="small"
              color={request?.approval === 'APPROVED' ? 'success' : 'warning'}
              variant="outlined"
              label={
                request ? translate(`resources.merchantSignup.choices.approval.${request.approval}`) : state
              }
            />
          </Detail>
        </Box>
        {stillPending ? (
          <Alert severity="info" role="status" sx={{ mt: 3 }}>
            {translate('pages.signup.still_pending')}
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: { xs: 3, sm: 4 }, pb: 3, gap: 1 }}>
        <Button variant="contained" onClick={checkAgain} disabled={checking}>
          {translate(checking ? 'pages.signup.checking' : 'pages.signup.check_again')}
        </Button>
        <Button onClick={() => logout()}>{translate('pages.common.sign_out')}</Button>
      </CardActions>
    </Card>
  );
};

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; view: SignupView };

/** GET /organization/signup, again on `reload()`. */
const useSignupView = () => {
  const http = useHttpClient();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per round
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    http<SignupView>(SIGNUP_PATH, { signal: controller.signal })
      .then((res) => setLoaded({ status: 'ready', view: res.data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed', error });
      });
    return () => controller.abort();
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((view: SignupView) => setLoaded({ status: 'ready', view }), []);
  return { loaded, reload, set };
};

const SignupContent = () => {
  const translate = useTranslate();
  const notifyError = useApiErrorNotify();
  const { loaded, reload, set } = useSignupView();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one notice per failed load
  useEffect(() => {
    if (loaded.status === 'failed') notifyError(loaded.error);
  }, [loaded]);

  if (loaded.status === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={32} aria-label={translate('pages.common.loading')} />
      </Box>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Stack spacing={2}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('organisation.signup.retry')}
            </Button>
          }
        >
          {translate('organisation.signup.load_failed')}
        </Alert>
        <SignupStatusCard />
      </Stack>
    );
  }
  const { view } = loaded;
  const approval = view.request?.approval;
  // No application yet, or a rejected one: the form (pre-filled after a rejection).
  if (!view.request || approval === 'REJECT') {
    return <SignupForm view={view} onSubmitted={set} onStale={reload} />;
  }
  // PENDING (or approved, before the user reloaded): the status card.
  return <SignupStatusCard view={view} />;
};

/**
 * Where a merchant whose signup is not approved lands: the signup form until an application is
 * filed (and again after a rejection), then the status card while an operator reviews it.
 */
export const SignupPage = ({ children }: { children?: ReactNode }) => (
  <Box
    sx={{ maxWidth: 760, mx: 'auto', py: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}
  >
    <SignupContent />
    {children}
  </Box>
);
