// An endpoint's delivery log (WebhooksPage.tsx): newest first, each delivery's latest attempt (status,
// duration, the answer's start) with "Send again"; a delivery due any moment is looked at again shortly.
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { refusalText } from './WebhookDialogs';

const K = 'webhookPages';
const PATH = '/webhooks';

const stateColor = (s: WebhookDelivery['state']) =>
  s === 'SUCCEEDED' ? 'success' : s === 'FAILED' ? 'error' : 'warning';

/** How soon the log looks again at a delivery whose attempt is due. */
const LOG_POLL_MS = 2_000;

/** An endpoint's delivery log: newest first, each with its latest attempt and "Send again". */
export const DeliveryLog = ({
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
