import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useGetIdentity, useLogout, useNavigate, useTranslate } from 'react-admin';
import type { SignupState } from '../../../contract';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { useReloadUser } from '../components/useReloadUser';

const APPROVED: SignupState = 'APPROVAL';

export const SignupStatusCard = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const notifyError = useApiErrorNotify();
  const reloadUser = useReloadUser();
  const { identity, refetch } = useGetIdentity();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);
  const email = typeof identity?.email === 'string' ? identity.email : '';
  const state = typeof identity?.signupState === 'string' ? identity.signupState : 'SUBMITTED';

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
          <Typography component="dt" color="text.secondary">
            {translate('pages.signup.account')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {email}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate('pages.signup.state')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Chip size="small" color="warning" variant="outlined" label={state} />
          </Box>
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

/**
 * Where a merchant whose signup is not approved waits. The page is a column of sections so that
 * the company / brand / store signup form (a later issue) slots in below the status card.
 */
export const SignupPage = ({ children }: { children?: ReactNode }) => (
  <Box
    sx={{ maxWidth: 720, mx: 'auto', py: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}
  >
    <SignupStatusCard />
    {children}
  </Box>
);
