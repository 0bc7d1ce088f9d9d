// Access > API Keys' list (ApiKeysPage.tsx): every key without its secret (prefix, where it acts, what it
// may do, who made it, its last use, its expiry and state) with Rotate and Revoke; a table on a computer,
// a card per key on a phone.
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Permission } from '../../../contract/access';
import type { ApiKeyState, ApiKeyView } from '../../../contract/api-keys';
import { useDates } from '../../components/dates';
import { PlainTable } from '../../components/PlainTable';

const K = 'access.api_keys';

const STATE_COLORS: Record<ApiKeyState, 'success' | 'info' | 'default' | 'error'> = {
  ACTIVE: 'success',
  ROTATED: 'info',
  EXPIRED: 'default',
  REVOKED: 'error',
};

/** "stampCard: View, Update" per resource, in the matrix's order. */
const permissionLines = (list: readonly Permission[], translate: (k: string, o?: object) => string) => {
  const byResource = new Map<string, string[]>();
  for (const p of list) {
    const actions = byResource.get(p.resource) ?? [];
    actions.push(translate(`access.matrix.actions.${p.action}`));
    byResource.set(p.resource, actions);
  }
  return [...byResource.entries()].map(
    ([resource, actions]) =>
      `${translate(`access.resources.${resource}`, { _: resource })}: ${actions.join(', ')}`,
  );
};

const Permissions = ({ list }: { list: readonly Permission[] }) => {
  const translate = useTranslate();
  const lines = permissionLines(list, translate);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, typography: 'body2' }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
};

const StateChip = ({ state }: { state: ApiKeyState }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_COLORS[state]} label={translate(`${K}.states.${state}`)} />;
};

interface RowProps {
  k: ApiKeyView;
  where: string;
  onRotate: (k: ApiKeyView) => unknown;
  onRevoke: (k: ApiKeyView) => unknown;
}

const Actions = ({ k, onRotate, onRevoke }: Omit<RowProps, 'where'>) => {
  const translate = useTranslate();
  const live = k.state === 'ACTIVE' || k.state === 'ROTATED';
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {k.state === 'ACTIVE' ? (
        <Button size="small" startIcon={<AutorenewIcon />} onClick={() => onRotate(k)}>
          {translate(`${K}.rotate`)}
        </Button>
      ) : null}
      {live ? (
        <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => onRevoke(k)}>
          {translate(`${K}.revoke`)}
        </Button>
      ) : null}
    </Box>
  );
};

const LastUse = ({ k }: { k: ApiKeyView }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  if (k.lastUsedAt === null) return <>{translate(`${K}.never_used`)}</>;
  return (
    <>
      {dateTime(k.lastUsedAt)}
      {k.lastUsedIp ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {k.lastUsedIp}
        </Typography>
      ) : null}
    </>
  );
};

const Expiry = ({ k }: { k: ApiKeyView }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  if (k.state === 'ROTATED' && k.graceUntil)
    return <>{translate(`${K}.works_until`, { time: dateTime(k.graceUntil) })}</>;
  if (k.revokedAt) return <>{translate(`${K}.revoked_at`, { time: dateTime(k.revokedAt) })}</>;
  return <>{k.expiresAt ? dateTime(k.expiresAt) : translate(`${K}.never_expires`)}</>;
};

const KeyName = ({ k }: { k: ApiKeyView }) => (
  <>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {k.name}
    </Typography>
    <Typography variant="caption" sx={{ fontFamily: 'monospace' }} color="text.secondary">
      {k.prefix}…
    </Typography>
  </>
);

export const KeyTable = ({ keys, whereOf, onRotate, onRevoke }: ListProps) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <PlainTable
      label={translate(`${K}.title`)}
      frame="card"
      rows={keys}
      rowKey={(k) => k.id}
      rowProps={(k) => ({ 'data-testid': `api-key-${k.id}` })}
      columns={[
        { label: translate(`${K}.name`), render: (k) => <KeyName k={k} /> },
        { label: translate(`${K}.where`), render: whereOf },
        { label: translate(`${K}.permissions`), render: (k) => <Permissions list={k.permissions} /> },
        {
          label: translate(`${K}.created`),
          render: (k) => (
            <>
              {dateTime(k.createTime)}
              <Typography variant="caption" color="text.secondary" component="div">
                {k.createdByEmail}
              </Typography>
            </>
          ),
        },
        { label: translate(`${K}.last_used`), render: (k) => <LastUse k={k} /> },
        { label: translate(`${K}.expires`), render: (k) => <Expiry k={k} /> },
        { label: translate(`${K}.state`), render: (k) => <StateChip state={k.state} /> },
        {
          label: translate(`${K}.actions`),
          render: (k) => <Actions k={k} onRotate={onRotate} onRevoke={onRevoke} />,
        },
      ]}
    />
  );
};

/** One labelled line of a key's card on a phone. */
const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem 1fr', gap: 1, py: 0.25 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box sx={{ typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
  </Box>
);

export const KeyCards = ({ keys, whereOf, onRotate, onRevoke }: ListProps) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <Stack spacing={1.5}>
      {keys.map((k) => (
        <Card key={k.id} variant="outlined" data-testid={`api-key-${k.id}`}>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <KeyName k={k} />
              </Box>
              <StateChip state={k.state} />
            </Box>
            <Line label={translate(`${K}.where`)}>{whereOf(k)}</Line>
            <Line label={translate(`${K}.permissions`)}>
              <Permissions list={k.permissions} />
            </Line>
            <Line label={translate(`${K}.created`)}>
              {dateTime(k.createTime)} · {k.createdByEmail}
            </Line>
            <Line label={translate(`${K}.last_used`)}>
              <LastUse k={k} />
            </Line>
            <Line label={translate(`${K}.expires`)}>
              <Expiry k={k} />
            </Line>
            <Box sx={{ mt: 1 }}>
              <Actions k={k} onRotate={onRotate} onRevoke={onRevoke} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};

interface ListProps {
  keys: readonly ApiKeyView[];
  whereOf: (k: ApiKeyView) => string;
  onRotate: (k: ApiKeyView) => unknown;
  onRevoke: (k: ApiKeyView) => unknown;
}
