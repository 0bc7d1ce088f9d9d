// The /webhooks screen's dialogs (WebhooksPage.tsx): add or change an endpoint (its URL, description and
// events, a refusal shown where it is mended) and the new endpoint's secret, shown once with Copy.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
} from '../../../contract/webhooks';
import { toApiErrorLike } from '../../components/apiError';
import { failureOf, fieldErrorsOf } from '../../components/operations/failure';

const K = 'webhookPages';

/** The message a refusal shows in the form: the field's violation when the answer names one. */
export const refusalText = (error: unknown): string => {
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
export const EndpointDialog = ({
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
export const SecretDialog = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
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
