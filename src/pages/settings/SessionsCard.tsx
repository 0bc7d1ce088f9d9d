// "Signed-in sessions" on Settings > Profile: the caller's logins that still work (GET
// /user/me/sessions: browser, address, last used), this browser's marked and the others each with
// "Sign out" (DELETE /user/me/sessions/{id}) after confirming (spec 5). A table on wide screens, a
// stack of cards on a phone.
import LaptopOutlined from '@mui/icons-material/LaptopOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SignedInSession } from '../../../contract/auth';
import { toApiErrorLike } from '../../components/apiError';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { PlainTable } from '../../components/PlainTable';
import { useIsPhone } from '../../components/useIsPhone';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; sessions: SignedInSession[] };

/** `version`: a change reads the sessions again (another part of the page ended some). */
export const SessionsCard = ({ version = 0 }: { version?: number } = {}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const phone = useIsPhone();
  const { dateTime } = useDates();
  const { confirm, confirmDialog } = useConfirmAction();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const res = await http<SignedInSession[]>('/user/me/sessions', signal ? { signal } : {});
        setLoaded({ status: 'ready', sessions: res.data });
      } catch (error) {
        if (signal?.aborted) return;
        setLoaded({ status: 'failed', message: toApiErrorLike(error).message });
      }
    },
    [http],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reason to read again
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, version]);

  const signOut = async (session: SignedInSession) => {
    const outcome = await confirm({
      action: translate('pages.sessions.sign_out'),
      item: session.browser,
      run: () => http(`/user/me/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' }),
    });
    if (outcome.status !== 'cancelled') await load();
  };

  const action = (session: SignedInSession) =>
    session.current ? (
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={translate('pages.sessions.this_browser')}
      />
    ) : (
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => signOut(session)}
        aria-label={translate('pages.sessions.sign_out_of', { browser: session.browser })}
      >
        {translate('pages.sessions.sign_out')}
      </Button>
    );

  let body: React.ReactNode;
  if (loaded.status === 'loading') {
    body = (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label={translate('pages.sessions.loading')} />
      </Box>
    );
  } else if (loaded.status === 'failed') {
    body = <Alert severity="error">{loaded.message}</Alert>;
  } else if (phone) {
    body = (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {loaded.sessions.map((s) => (
          <Box
            component="li"
            key={s.id}
            aria-label={s.browser}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              {/\b(iOS|Android)$/.test(s.browser) ? (
                <SmartphoneOutlined fontSize="small" color="action" />
              ) : (
                <LaptopOutlined fontSize="small" color="action" />
              )}
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {s.browser}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {translate('pages.sessions.ip')}: {s.ip ?? '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('pages.sessions.last_used')}: {dateTime(s.lastUsedAt)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('pages.sessions.signed_in')}: {dateTime(s.createTime)}
            </Typography>
            {action(s)}
          </Box>
        ))}
      </Stack>
    );
  } else {
    body = (
      <PlainTable
        label={translate('pages.sessions.title')}
        rows={loaded.sessions}
        rowKey={(s) => s.id}
        columns={[
          { label: translate('pages.sessions.browser'), render: (s) => s.browser },
          { label: translate('pages.sessions.ip'), render: (s) => s.ip ?? '—' },
          {
            label: translate('pages.sessions.signed_in'),
            sx: { whiteSpace: 'nowrap' },
            render: (s) => dateTime(s.createTime),
          },
          {
            label: translate('pages.sessions.last_used'),
            sx: { whiteSpace: 'nowrap' },
            render: (s) => dateTime(s.lastUsedAt),
          },
          {
            label: (
              <Box component="span" sx={visuallyHidden}>
                {translate('pages.sessions.actions')}
              </Box>
            ),
            align: 'right',
            render: action,
          },
        ]}
      />
    );
  }

  return (
    <Card variant="outlined" sx={{ borderRadius: 2, mt: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {translate('pages.sessions.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('pages.sessions.intro')}
        </Typography>
        {body}
      </CardContent>
      {confirmDialog}
    </Card>
  );
};
