// Settings > Profile, "Two-factor sign-in" (docs/api.md "Two-factor sign-in"): enrol a TOTP app by QR
// code (or the key typed by hand), keep the recovery codes, confirm with a first code; turn it off
// with a code. When the product requires a second factor and the user has none, this is the one place
// the portal lets them be (layout/startup.ts) until they confirm.
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useState } from 'react';
import { Form, required, TextInput, useNavigate, useNotify, useTranslate } from 'react-admin';
import {
  mustEnrolTwoFactor,
  OWN_SESSIONS_PATH,
  type SignedInSession,
  TWO_FACTOR_CODE_MAX_LENGTH,
  TWO_FACTOR_CONFIRM_PATH,
  TWO_FACTOR_PATH,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '../../../contract';
import { isApiError } from '../../components/apiError';
import { SubmitButton } from '../../components/forms';
import { useHttpClient } from '../../components/HttpClientContext';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { twoFactorOthersEn } from '../../i18n/rules.en';
import { SESSION_CHANGED_EVENT } from '../../layout/SessionContext';
import type { HttpClient } from '../../providers/httpClient';
import { getSessionStore } from '../../providers/storage';

// this screen's late words (src/i18n/lateMessages.ts)
addEnglishMessages(twoFactorOthersEn);

/** Keeps the stored user's two-factor fields in step, so start-up routes by them (layout/startup.ts). */
const storeStatus = (status: TwoFactorStatus) => {
  const store = getSessionStore();
  const user = store.getUser();
  if (!user) return;
  store.setUser({ ...user, ...status });
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
};

/** The key in groups of four, easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

const CodeField = ({ label, recoveryToo }: { label: string; recoveryToo?: boolean }) => (
  <TextInput
    source="code"
    label={label}
    autoComplete="one-time-code"
    validate={required()}
    fullWidth
    helperText={false}
    slotProps={{
      htmlInput: recoveryToo
        ? { autoCapitalize: 'none', spellCheck: false, maxLength: TWO_FACTOR_CODE_MAX_LENGTH }
        : { inputMode: 'numeric', maxLength: TWO_FACTOR_CODE_MAX_LENGTH },
    }}
  />
);

/** Copying the recovery codes to the clipboard and downloading them as a text file. */
const useRecoveryCodeActions = (codesText: string) => {
  const notify = useNotify();
  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(codesText);
      notify('pages.two_factor.copied', { type: 'info' });
    } catch {
      notify('pages.two_factor.copy_failed', { type: 'warning' });
    }
  };
  const downloadCodes = () => {
    const url = URL.createObjectURL(new Blob([codesText], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return { copyCodes, downloadCodes };
};

/** How many other sessions the caller has (0 when they cannot be read). */
const otherSessionCount = async (http: HttpClient): Promise<number> => {
  try {
    return (await http<SignedInSession[]>(OWN_SESSIONS_PATH)).data.filter((one) => !one.current).length;
  } catch {
    return 0;
  }
};

/**
 * Once two-factor is on: the caller's other sessions signed in with the password alone, and the offer
 * to end them (DELETE /user/me/sessions keeps this one) or keep them.
 */
const OtherSessionsOffer = ({
  count,
  onDone,
  onEnded,
}: {
  count: number;
  onDone: () => void;
  onEnded?: (() => void) | undefined;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const endOthers = async () => {
    try {
      const res = await http<{ ended: number }>(OWN_SESSIONS_PATH, { method: 'DELETE' });
      notify('pages.two_factor.others_ended', {
        type: 'success',
        messageArgs: { smart_count: res.data.ended },
      });
      onEnded?.();
      onDone();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={() => void endOthers()}>
            {translate('pages.two_factor.end_others')}
          </Button>
          <Button color="inherit" size="small" onClick={onDone}>
            {translate('pages.two_factor.keep_others')}
          </Button>
        </Stack>
      }
    >
      {translate('pages.two_factor.others', { smart_count: count })}
    </Alert>
  );
};

export const TwoFactorSection = ({ onSessionsEnded }: { onSessionsEnded?: () => void } = {}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [others, setOthers] = useState(0);
  const [turningOff, setTurningOff] = useState(false);
  const [starting, setStarting] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await http<TwoFactorStatus>(TWO_FACTOR_PATH);
      setStatus(res.data);
      storeStatus(res.data);
    } catch (error) {
      notifyError(error);
    }
  }, [http, notifyError]);

  useEffect(() => {
    void load();
  }, [load]);

  const start = async () => {
    setStarting(true);
    try {
      const res = await http<TwoFactorEnrolment>(TWO_FACTOR_PATH, { method: 'POST' });
      setEnrolment(res.data);
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(false);
    }
  };

  const wrongCode = (error: unknown) =>
    isApiError(error, 'TWO_FACTOR_CODE_INVALID') ? { code: 'pages.two_factor.wrong_code' } : undefined;

  const confirm = async (values: { code?: string }) => {
    try {
      await http(TWO_FACTOR_CONFIRM_PATH, { method: 'POST', body: { code: (values.code ?? '').trim() } });
    } catch (error) {
      const field = wrongCode(error);
      if (field) return field;
      notifyError(error);
      return undefined;
    }
    const forced = mustEnrolTwoFactor(status);
    const next = { twoFactorEnabled: true, twoFactorRequired: status?.twoFactorRequired ?? false };
    setEnrolment(null);
    setStatus(next);
    storeStatus(next);
    notify('pages.two_factor.turned_on', { type: 'success' });
    // logins made before it was on did not need a code: offer to end them (issue 41)
    if (forced) navigate('/');
    else setOthers(await otherSessionCount(http));
    return undefined;
  };

  const turnOff = async (values: { code?: string }) => {
    try {
      await http(TWO_FACTOR_PATH, { method: 'DELETE', body: { code: (values.code ?? '').trim() } });
    } catch (error) {
      const field = wrongCode(error);
      if (field) return field;
      notifyError(error);
      return undefined;
    }
    const next = { twoFactorEnabled: false, twoFactorRequired: status?.twoFactorRequired ?? false };
    setTurningOff(false);
    setStatus(next);
    storeStatus(next);
    notify('pages.two_factor.turned_off', { type: 'success' });
    return undefined;
  };

  const { copyCodes, downloadCodes } = useRecoveryCodeActions(
    enrolment ? `${enrolment.recoveryCodes.join('\n')}\n` : '',
  );

  const enabled = status?.twoFactorEnabled === true;

  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 2, mt: 3 }}
      component="section"
      aria-labelledby="two-factor-title"
    >
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography id="two-factor-title" component="h2" variant="h6">
            {translate('pages.two_factor.title')}
          </Typography>
          {status ? (
            <Chip
              size="small"
              color={enabled ? 'success' : 'default'}
              label={translate(enabled ? 'pages.two_factor.on' : 'pages.two_factor.off')}
            />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('pages.two_factor.intro')}
        </Typography>
        {mustEnrolTwoFactor(status) ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('pages.two_factor.required')}
          </Alert>
        ) : null}

        {status && !enabled && !enrolment ? (
          <Button variant="contained" onClick={start} disabled={starting}>
            {translate('pages.two_factor.set_up')}
          </Button>
        ) : null}

        {enrolment ? (
          <Stack sx={{ gap: 3 }}>
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {translate('pages.two_factor.step_scan')}
              </Typography>
              <Box
                sx={{
                  display: 'inline-flex',
                  p: 1.5,
                  bgcolor: '#fff',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <QRCodeSVG
                  value={enrolment.otpauthUrl}
                  size={176}
                  marginSize={0}
                  title={translate('pages.two_factor.qr_label')}
                />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('pages.two_factor.manual_key')}
              </Typography>
              <Typography
                data-testid="two-factor-secret"
                sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', letterSpacing: 1 }}
              >
                {grouped(enrolment.secret)}
              </Typography>
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {translate('pages.two_factor.step_codes')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('pages.two_factor.codes_intro')}
              </Typography>
              <Box
                component="ul"
                aria-label={translate('pages.two_factor.codes_label')}
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 1.5,
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                  gap: 0.5,
                  fontFamily: 'monospace',
                  fontSize: '0.95rem',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                }}
              >
                {enrolment.recoveryCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
              <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                <Button size="small" startIcon={<ContentCopy />} onClick={copyCodes}>
                  {translate('pages.two_factor.copy')}
                </Button>
                <Button size="small" startIcon={<Download />} onClick={downloadCodes}>
                  {translate('pages.two_factor.download')}
                </Button>
              </Stack>
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {translate('pages.two_factor.step_confirm')}
              </Typography>
              <Form onSubmit={confirm} noValidate disableInvalidFormNotification>
                <CodeField label={translate('pages.two_factor.code')} />
                <SubmitButton>{translate('pages.two_factor.turn_on')}</SubmitButton>
              </Form>
              <Button fullWidth sx={{ mt: 1 }} onClick={() => setEnrolment(null)}>
                {translate('ra.action.cancel')}
              </Button>
            </Box>
          </Stack>
        ) : null}

        {enabled && others > 0 ? (
          <OtherSessionsOffer count={others} onDone={() => setOthers(0)} onEnded={onSessionsEnded} />
        ) : null}
        {enabled && !turningOff ? (
          <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
            {translate('pages.two_factor.turn_off')}
          </Button>
        ) : null}
        {enabled && turningOff ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('pages.two_factor.turn_off_intro')}
            </Typography>
            <Form onSubmit={turnOff} noValidate disableInvalidFormNotification>
              <CodeField label={translate('pages.two_factor.code_or_recovery')} recoveryToo />
              <SubmitButton>{translate('pages.two_factor.turn_off')}</SubmitButton>
            </Form>
            <Button fullWidth sx={{ mt: 1 }} onClick={() => setTurningOff(false)}>
              {translate('ra.action.cancel')}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
};
