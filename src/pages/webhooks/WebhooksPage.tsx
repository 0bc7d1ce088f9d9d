// /webhooks (Config, issue 27; docs/api.md "Webhooks"): a company's outbound webhook endpoints. Add
// one (its secret shown once, with copy), change its URL and events, turn it on or off, delete it,
// send it a test event, and read its delivery log (each attempt's status, duration and answer) with
// "Send again" per delivery. Operators first pick the company. Everything goes through the routes of
// server/domains/webhooks/webhooks.routes.ts; the event types are contract/webhooks.ts's.

import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../contract/webhooks';
import { toApiErrorLike } from '../../components/apiError';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { failureOf, fieldErrorsOf } from '../../components/operations/failure';
import { useLoadable } from '../../components/operations/useLoadable';
import { EmptyState, PageFrame } from '../../components/PageFrame';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { useCaller } from '../../components/useCaller';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { webhooksEn } from '../../i18n/webhooks.en';
import { type CompanyOption, CompanyPicker } from '../organisation/CompanyPicker';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(webhooksEn);

const K = 'webhookPages';
const PATH = '/webhooks';

/** The message a refusal shows in the form: the field's violation when the answer names one. */
const refusalText = (error: unknown): string => {
  const e = toApiErrorLike(error);
  const first = Array.isArray(e.data) ? (e.data[0] as { message?: unknown } | undefined) : undefined;
  const detail = typeof first?.message === 'string' ? ` (${first.message})` : '';
  return `${e.message}${detail}${e.code !== undefined ? ` · ${e.code}` : ''}`;
};

interface FormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** Add or change an endpoint: URL, description and the events it hears. */
const EndpointDialog = ({
  open,
  initial,
  title,
  onClose,
  onSave,
}: {
  open: boolean;
  initial: FormValues;
  title: string;
  onClose: () => void;
  onSave: (values: FormValues) => Promise<void>;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [values, setValues] = useState<FormValues>(initial);
  const [error, setError] = useState<string | null>(null);
  // a refusal that names the URL is shown under it, where it is mended
  const [urlError, setUrlError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toggle = (e: WebhookEventType) =>
    setValues((v) => ({
      ...v,
      events: v.events.includes(e) ? v.events.filter((x) => x !== e) : [...v.events, e],
    }));
  const save = async () => {
    setSaving(true);
    setError(null);
    setUrlError(null);
    try {
      await onSave(values);
    } catch (err) {
      const aboutUrl = fieldErrorsOf(failureOf(err), ['url']).url;
      if (aboutUrl === undefined) setError(refusalText(err));
      else setUrlError(translate(`${K}.fields.url_refused`, { why: aboutUrl }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
        <TextField
          label={translate(`${K}.fields.url`)}
          value={values.url}
          onChange={(ev) => {
            setUrlError(null);
            setValues((v) => ({ ...v, url: ev.target.value }));
          }}
          error={urlError !== null}
          helperText={urlError ?? translate(`${K}.fields.url_help`)}
          fullWidth
          required
          margin="dense"
          slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, inputMode: 'url' } }}
        />
        <TextField
          label={translate(`${K}.fields.description`)}
          value={values.description}
          onChange={(ev) => setValues((v) => ({ ...v, description: ev.target.value }))}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
        />
        <FormLabel component="legend" sx={{ mt: 2 }}>
          {translate(`${K}.fields.events`)}
        </FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {WEBHOOK_EVENT_TYPES.map((e) => (
            <FormControlLabel
              key={e}
              control={<Checkbox checked={values.events.includes(e)} onChange={() => toggle(e)} />}
              label={
                <span>
                  {translate(`${K}.events.${e.replace('.', '_')}`)}{' '}
                  <Box component="code" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                    {e}
                  </Box>
                </span>
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || values.url.trim() === '' || values.events.length === 0}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The new endpoint's secret, shown this once, with a copy button. */
const SecretDialog = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`${K}.secret.title`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${K}.secret.warning`)}
        </Alert>
        <Box
          role="textbox"
          aria-readonly
          aria-label={translate(`${K}.secret.label`)}
          tabIndex={0}
          sx={{
            fontFamily: 'monospace',
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflowWrap: 'anywhere',
          }}
        >
          {secret}
        </Box>
        {copied !== 'idle' ? (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            {translate(`${K}.secret.${copied}`)}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{translate(`${K}.secret.copy`)}</Button>
        <Button variant="contained" onClick={onClose}>
          {translate(`${K}.secret.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const stateColor = (s: WebhookDelivery['state']) =>
  s === 'SUCCEEDED' ? 'success' : s === 'FAILED' ? 'error' : 'warning';

/** How soon the log looks again at a delivery whose attempt is due. */
const LOG_POLL_MS = 2_000;

/** An endpoint's delivery log: newest first, each with its latest attempt and "Send again". */
const DeliveryLog = ({
  endpoint,
  version,
  onChanged,
}: {
  endpoint: WebhookEndpoint;
  version: number;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const notify = useNotify();
  const { dateTime } = useDates();
  const [tick, setTick] = useState(0);
  const log = useLoadable<WebhookDelivery[]>({
    key: `${endpoint.id}:${version}:${tick}`,
    load: async (h) => (await h<WebhookDelivery[]>(`${PATH}/${endpoint.id}/deliveries`)).data,
  });
  // a delivery whose attempt is due any moment (a test event, "Send again", a fresh event) is
  // looked at again shortly, so its outcome shows without reloading the page
  const dueSoon =
    log.status === 'ready' &&
    log.data.some(
      (d) =>
        d.state === 'PENDING' &&
        (d.nextAttemptAt === null || new Date(d.nextAttemptAt).getTime() - Date.now() < LOG_POLL_MS),
    );
  useEffect(() => {
    if (!dueSoon) return;
    const timer = setInterval(() => setTick((t) => t + 1), LOG_POLL_MS);
    return () => clearInterval(timer);
  }, [dueSoon]);
  const again = async (id: number) => {
    try {
      await http(`/webhook-deliveries/${id}/retry`, { method: 'POST' });
      notify(`${K}.notice.again`, { type: 'info' });
      onChanged();
    } catch (err) {
      notifyError(err);
    }
  };
  if (log.status === 'loading' || log.status === 'idle')
    return <CircularProgress size={20} aria-label={translate('ra.page.loading')} />;
  if (log.status === 'error') return <Alert severity="error">{refusalText(log.error)}</Alert>;
  if (log.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.log.empty`)}
      </Typography>
    );
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={translate(`${K}.log.title`)}
    >
      {log.data.map((d) => {
        const last = d.log[0];
        return (
          <Box component="li" key={d.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Box component="code" sx={{ fontWeight: 600 }}>
                {d.eventType}
              </Box>
              <Chip size="small" color={stateColor(d.state)} label={translate(`${K}.states.${d.state}`)} />
              <Typography variant="body2" color="text.secondary">
                {dateTime(d.createTime)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`${K}.log.attempts`, { n: d.attempts })}
              </Typography>
              <Box sx={{ flexGrow: 1 }} />
              <Button size="small" onClick={() => void again(d.id)}>
                {translate(`${K}.log.again`)}
              </Button>
            </Stack>
            {last ? (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2">
                  {translate(`${K}.log.last`, {
                    status: last.status ?? '—',
                    ms: last.durationMs,
                    at: dateTime(last.at),
                  })}
                  {last.error ? ` · ${last.error}` : ''}
                </Typography>
                {d.state === 'PENDING' && d.nextAttemptAt ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate(`${K}.log.next`, { at: dateTime(d.nextAttemptAt) })}
                  </Typography>
                ) : null}
                {d.eventType === 'webhook.test' && d.state === 'FAILED' ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate(`${K}.log.test_once`)}
                  </Typography>
                ) : null}
                {last.responseExcerpt ? (
                  <Box
                    component="pre"
                    sx={{
                      m: 0,
                      mt: 0.5,
                      p: 1,
                      bgcolor: 'action.hover',
                      borderRadius: 1,
                      fontSize: '0.75rem',
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      maxHeight: 120,
                      overflow: 'auto',
                    }}
                    tabIndex={0}
                    aria-label={translate(`${K}.log.excerpt`)}
                  >
                    {last.responseExcerpt}
                  </Box>
                ) : null}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
};

const EndpointCard = ({ endpoint, onChanged }: { endpoint: WebhookEndpoint; onChanged: () => void }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const notify = useNotify();
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify(done, { type: 'info' });
      setLogVersion((v) => v + 1);
      onChanged();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {endpoint.url}
          </Typography>
          <Chip
            size="small"
            color={endpoint.enabled ? 'success' : 'default'}
            label={translate(`${K}.${endpoint.enabled ? 'enabled' : 'disabled'}`)}
          />
        </Stack>
        {endpoint.description ? (
          <Typography variant="body2" color="text.secondary">
            {endpoint.description}
          </Typography>
        ) : null}
        {endpoint.disabledReason ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {endpoint.disabledReason}
          </Alert>
        ) : null}
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}
          aria-label={translate(`${K}.fields.events`)}
        >
          {endpoint.events.map((e) => (
            <Chip key={e} size="small" variant="outlined" label={e} />
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button size="small" onClick={() => setEditing(true)}>
          {translate('ra.action.edit')}
        </Button>
        <Button
          size="small"
          onClick={() =>
            void act(
              () => http(`${PATH}/${endpoint.id}`, { method: 'PATCH', body: { enabled: !endpoint.enabled } }),
              `${K}.notice.${endpoint.enabled ? 'turned_off' : 'turned_on'}`,
            )
          }
        >
          {translate(`${K}.${endpoint.enabled ? 'turn_off' : 'turn_on'}`)}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setShowLog(true);
            void act(() => http(`${PATH}/${endpoint.id}/test`, { method: 'POST' }), `${K}.notice.test`);
          }}
        >
          {translate(`${K}.test`)}
        </Button>
        <Button size="small" onClick={() => setShowLog((s) => !s)} aria-expanded={showLog}>
          {translate(`${K}.log.${showLog ? 'hide' : 'show'}`)}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
          {translate('ra.action.delete')}
        </Button>
      </CardActions>
      {showLog ? (
        <CardContent sx={{ pt: 0 }}>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
            {translate(`${K}.log.title`)}
          </Typography>
          <DeliveryLog
            endpoint={endpoint}
            version={logVersion}
            onChanged={() => setLogVersion((v) => v + 1)}
          />
        </CardContent>
      ) : null}
      {editing ? (
        <EndpointDialog
          open
          title={translate(`${K}.edit`)}
          initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
          onClose={() => setEditing(false)}
          onSave={async (v) => {
            await http(`${PATH}/${endpoint.id}`, {
              method: 'PATCH',
              body: { url: v.url.trim(), description: v.description, events: v.events },
            });
            setEditing(false);
            notify(`${K}.notice.saved`, { type: 'info' });
            onChanged();
          }}
        />
      ) : null}
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{translate(`${K}.delete_confirm`, { url: endpoint.url })}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDelete(false);
              void act(() => http(`${PATH}/${endpoint.id}`, { method: 'DELETE' }), `${K}.notice.deleted`);
            }}
          >
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
};

export const WebhooksPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { caller } = useCaller();
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const isOperator = caller?.isOperator ?? false;
  const companyId = isOperator ? company?.id : (caller?.companyId ?? undefined);
  const list = useLoadable<WebhookEndpoint[]>(
    caller && companyId !== undefined
      ? {
          key: `${companyId}:${version}`,
          load: async (h) =>
            (await h<WebhookEndpoint[]>(PATH, isOperator ? { query: { companyId } } : {})).data,
        }
      : null,
  );
  const reload = () => setVersion((v) => v + 1);
  const addButton =
    companyId !== undefined ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
        {translate(`${K}.add`)}
      </Button>
    ) : null;
  return (
    <PageFrame
      title={translate(`${K}.title`)}
      intro={translate(`${K}.intro`)}
      action={addButton}
      maxWidth={960}
    >
      {isOperator ? (
        <CompanyPicker value={company} onChange={setCompany} helperText={translate(`${K}.pick_company`)} />
      ) : null}
      {list.status === 'loading' ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {list.status === 'error' ? <Alert severity="error">{refusalText(list.error)}</Alert> : null}
      {list.status === 'ready' && list.data.length === 0 ? (
        <EmptyState title={translate(`${K}.empty`)} body={translate(`${K}.empty_body`)} />
      ) : null}
      {list.status === 'ready' ? (
        <Stack spacing={2}>
          {list.data.map((e) => (
            <EndpointCard key={e.id} endpoint={e} onChanged={reload} />
          ))}
        </Stack>
      ) : null}
      {adding ? (
        <EndpointDialog
          open
          title={translate(`${K}.add`)}
          initial={{ url: 'https://', description: '', events: ['stamp.given'] }}
          onClose={() => setAdding(false)}
          onSave={async (v) => {
            const created = await http<WebhookCreated>(PATH, {
              method: 'POST',
              body: {
                url: v.url.trim(),
                description: v.description,
                events: v.events,
                ...(isOperator && companyId !== undefined ? { companyId } : {}),
              },
            });
            setAdding(false);
            setSecret(created.data.secret);
            reload();
          }}
        />
      ) : null}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </PageFrame>
  );
};
