// /webhooks (Config, issue 27; docs/api.md "Webhooks"): a company's outbound webhook endpoints. Add
// one (its secret shown once, with copy), change its URL and events, turn it on or off, delete it,
// send it a test event, and read its delivery log (each attempt's status, duration and answer) with
// "Send again" per delivery. Operators first pick the company. Everything goes through the routes of
// server/domains/webhooks/webhooks.routes.ts; the event types are contract/webhooks.ts's.
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { WebhookCreated, WebhookEndpoint } from '../../../contract/webhooks';
import { type CompanyOption, CompanyPicker } from '../../components/CompanyPicker';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { EmptyState, PageFrame } from '../../components/PageFrame';
import { useCaller } from '../../components/useCaller';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { webhooksEn } from '../../i18n/webhooks.en';
import { EndpointCard } from './EndpointCard';
import { EndpointDialog, refusalText, SecretDialog } from './WebhookDialogs';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(webhooksEn);

const K = 'webhookPages';
const PATH = '/webhooks';

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
