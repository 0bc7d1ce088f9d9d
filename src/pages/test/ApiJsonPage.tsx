import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useAuthState, useTranslate } from 'react-admin';
import { ENVELOPE_TYPE, type Envelope, type ServiceName } from '../../../contract';
import { apiErrorStatus, toApiErrorLike } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { PageFrame } from '../../components/PageFrame';
import type { HttpRequestOptions } from '../../providers/httpClient';

const SERVICES: readonly ServiceName[] = ['main', 'payment', 'auth'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

interface Outcome {
  status: number | null;
  requestId: string | null;
  /** the envelope, or the error's message when no envelope came back (network failure) */
  envelope: Envelope<unknown> | { error: string };
  failed: boolean;
}

/** A developer page: one call through the portal's own http client, shown as its envelope. */
export const ApiJsonPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const [service, setService] = useState<ServiceName>('main');
  const [method, setMethod] = useState<Method>('GET');
  const [path, setPath] = useState('/config/main/supported-countries');
  const [body, setBody] = useState('');
  const { authenticated } = useAuthState();
  // Until the user ticks or unticks it, the token goes along exactly when there is a session.
  const [tokenChoice, setTokenChoice] = useState<boolean | null>(null);
  const withToken = tokenChoice ?? authenticated === true;
  const [bodyError, setBodyError] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const t = (key: string) => translate(`pages.api_json.${key}`);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    if (body.trim() !== '') {
      try {
        parsed = JSON.parse(body);
      } catch {
        setBodyError(true);
        return;
      }
    }
    setBodyError(false);
    setSending(true);
    const opts: HttpRequestOptions = { service, method, auth: withToken };
    if (parsed !== undefined) opts.body = parsed;
    try {
      const res = await http<unknown>(path, opts);
      const envelope: Envelope<unknown> = res.page
        ? { type: ENVELOPE_TYPE, code: 0, data: res.data, page: res.page }
        : { type: ENVELOPE_TYPE, code: 0, data: res.data };
      setOutcome({ status: res.status, requestId: res.requestId, envelope, failed: false });
    } catch (error) {
      const e = toApiErrorLike(error);
      setOutcome({
        status: apiErrorStatus(error) || null,
        requestId: e.requestId ?? null,
        envelope:
          e.code === undefined
            ? { error: e.message }
            : {
                type: ENVELOPE_TYPE,
                code: e.code,
                name: e.name ?? '',
                message: e.message,
                data: e.data ?? null,
              },
        failed: true,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <PageFrame title={t('title')} intro={t('intro')} maxWidth={1000}>
      <Card variant="outlined" sx={{ borderRadius: 2, mb: 3 }}>
        <CardContent component="form" onSubmit={send} noValidate>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 140px 1fr' } }}>
            <TextField
              select
              label={t('service')}
              value={service}
              onChange={(e) => setService(e.target.value as ServiceName)}
              size="small"
            >
              {SERVICES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('method')}
              value={method}
              onChange={(e) => setMethod(e.target.value as Method)}
              size="small"
            >
              {METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('path')}
              value={path}
              onChange={(e) => setPath(e.target.value)}
              helperText={t('path_help')}
              size="small"
              autoFocus
              required
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          </Box>
          <TextField
            label={t('body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={bodyError}
            helperText={bodyError ? t('body_invalid') : ' '}
            multiline
            minRows={4}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={withToken} onChange={(e) => setTokenChoice(e.target.checked)} />}
              label={t('send_token')}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={sending || path.trim() === ''}
              startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {sending ? t('sending') : t('send')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      {outcome ? (
        <Card variant="outlined" sx={{ borderRadius: 2 }} aria-live="polite">
          <CardContent>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
              }}
            >
              <Typography component="dt" color="text.secondary">
                {t('status')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }} data-testid="api-json-status">
                {outcome.status ?? t('none')}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('request_id')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
                {outcome.requestId ?? t('none')}
              </Typography>
            </Box>
            {outcome.failed ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('error')}
              </Alert>
            ) : null}
            <Typography component="h2" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
              {t('result')}
            </Typography>
            <Box
              component="pre"
              data-testid="api-json-result"
              sx={{
                m: 0,
                p: 2,
                borderRadius: 1,
                overflow: 'auto',
                maxHeight: 480,
                fontSize: 13,
                bgcolor: 'action.hover',
              }}
            >
              {JSON.stringify(outcome.envelope, null, 2)}
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </PageFrame>
  );
};
