// One webhook endpoint (WebhooksPage.tsx): its URL, state and events, with Edit, turn on or off, a test
// event, its delivery log and Delete (after confirming).
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { WebhookEndpoint } from '../../../contract/webhooks';
import { useHttpClient } from '../../components/HttpClientContext';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog } from './WebhookDialogs';

const K = 'webhookPages';
const PATH = '/webhooks';

export const EndpointCard = ({
  endpoint,
  onChanged,
}: {
  endpoint: WebhookEndpoint;
  onChanged: () => void;
}) => {
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
