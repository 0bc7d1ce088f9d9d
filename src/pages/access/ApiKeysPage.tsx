// /access/api-keys (issue 27 item 1; docs/api.md "API keys"): a company's owner, or an operator, makes
// keys for the systems around the merchant (till, CRM, online shop), each with permissions from the
// group matrix, optionally limited to a brand or a store and given an expiry. The key is shown once,
// with Copy; the list shows every key without its secret: prefix, where it acts, what it may do, who
// made it, its last use (time and address) and its state, with Rotate (the old key keeps working for
// a day) and Revoke, each after confirming. A table on a computer, a card per key on a phone.
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField as MuiTextField,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { DateInput, Form, required, TextInput, useGetMany, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Permission } from '../../../contract/access';
import {
  API_KEY_NAME_MAX,
  API_KEY_ROTATION_GRACE_HOURS,
  API_KEYS_PATH,
  type ApiKeyIssued,
  type ApiKeyState,
  type ApiKeyView,
  mayManageApiKeys,
} from '../../../contract/api-keys';
import { violationsByField } from '../../components/apiError';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { DialogSubmitButton } from '../../components/DialogSubmitButton';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { EmptyState, PageFrame } from '../../components/PageFrame';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { type Caller, useCaller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
import { apiKeysEn } from '../../i18n/apiKeys.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { type CompanyOption, CompanyPicker } from '../organisation/CompanyPicker';
import { BrandAndStore, CompanyBrandAndStore } from './InviteDialog';
import { PermissionMatrixInput } from './PermissionMatrix';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(apiKeysEn);

const K = 'access.api_keys';

const STATE_COLORS: Record<ApiKeyState, 'success' | 'info' | 'default' | 'error'> = {
  ACTIVE: 'success',
  ROTATED: 'info',
  EXPIRED: 'default',
  REVOKED: 'error',
};

interface KeyValues {
  name?: string;
  companyId?: number | '' | null;
  brandId?: number | '' | null;
  storeId?: number | '' | null;
  /** yyyy-mm-dd: the key works until the end of that day, in the browser's zone */
  expiresOn?: string | null;
  permissions?: Permission[];
}

/** The request body of `POST /api-keys`: blank optional fields left out. */
export const apiKeyBody = (values: KeyValues, now = new Date()): Record<string, unknown> => {
  const body: Record<string, unknown> = {
    name: (values.name ?? '').trim(),
    permissions: values.permissions ?? [],
  };
  if (typeof values.companyId === 'number') body.companyId = values.companyId;
  if (typeof values.brandId === 'number') body.brandId = values.brandId;
  if (typeof values.storeId === 'number') body.storeId = values.storeId;
  if (values.expiresOn) {
    const [y, m, d] = values.expiresOn.split('-').map(Number);
    if (y && m && d) {
      const end = new Date(y, m - 1, d, 23, 59, 59);
      body.expiresAt = (end.getTime() > now.getTime() ? end : now).toISOString();
    }
  }
  return body;
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

/** A key, once: the text, Copy, and the warning that it will not be shown again. */
const ShowOnce = ({
  issued,
  onClose,
  title,
}: {
  issued: ApiKeyIssued;
  onClose: () => void;
  title: string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.key);
      notify(`${K}.copied`, { type: 'success' });
    } catch {
      notify(`${K}.copy_failed`, { type: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="api-key-once-title">
      <DialogTitle id="api-key-once-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${K}.once_warning`)}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <MuiTextField
            value={issued.key}
            label={translate(`${K}.key`)}
            fullWidth
            multiline
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
            onFocus={(e) => e.target.select()}
          />
          <Tooltip title={translate(`${K}.copy`)}>
            <IconButton aria-label={translate(`${K}.copy`)} onClick={copy} sx={{ mt: 1 }}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(`${K}.how_to_send`)}
        </Typography>
        <Box
          component="pre"
          sx={{
            typography: 'body2',
            fontFamily: 'monospace',
            bgcolor: 'action.hover',
            p: 1,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {`Authorization: Bearer ${issued.prefix}…`}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(`${K}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** New key: name, where it acts, what it may do, until when. */
const NewKeyDialog = ({
  caller,
  onClose,
  onIssued,
}: {
  caller: Caller;
  onClose: () => void;
  onIssued: (issued: ApiKeyIssued) => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const isPhone = useIsPhone();
  const onSubmit = async (values: KeyValues) => {
    const missing = {
      ...(caller.isOperator && typeof values.companyId !== 'number'
        ? { companyId: `${K}.need_company` }
        : {}),
      ...((values.permissions ?? []).length === 0 ? { permissions: `${K}.need_permission` } : {}),
    };
    if (Object.keys(missing).length > 0) return missing;
    try {
      const { data } = await http<ApiKeyIssued>(API_KEYS_PATH, { method: 'POST', body: apiKeyBody(values) });
      onIssued(data);
    } catch (error) {
      const fields = violationsByField(error);
      if (fields) return fields;
      notifyError(error, translate('common.notice.error'));
    }
    return undefined;
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      scroll="paper"
      aria-labelledby="api-key-new-title"
      // the form sits between the paper and its parts: it passes the paper's height on, so the
      // content scrolls as one and the buttons stay in view
      slotProps={{
        paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0 } } },
      }}
    >
      <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <DialogTitle id="api-key-new-title">{translate(`${K}.new_title`)}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${K}.new_intro`)}
          </Typography>
          <TextInput
            source="name"
            label={`${K}.name`}
            helperText={`${K}.name_help`}
            validate={required()}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
          />
          {caller.isOperator ? (
            <CompanyBrandAndStore label={translate(`${K}.company`)} help={translate(`${K}.company_help`)} />
          ) : (
            <BrandAndStore />
          )}
          <DateInput source="expiresOn" label={`${K}.expires_on`} helperText={`${K}.expires_help`} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 0.5 }}>
            {translate(`${K}.permissions`)}
          </Typography>
          <PermissionMatrixInput caller={caller.subject} targetType="MERCHANT" maxHeight="none" />
          <PermissionsError />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('common.button.cancel')}</Button>
          <DialogSubmitButton>{translate(`${K}.create`)}</DialogSubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/** The matrix has no helper text of its own: a refusal about the permissions is shown under it. */
const PermissionsError = () => {
  const translate = useTranslate();
  const { errors } = useFormState();
  const message = errors.permissions?.message;
  if (typeof message !== 'string') return null;
  return (
    <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
      {translate(message, { _: message })}
    </Typography>
  );
};

/** Names of the brands and stores the keys are limited to, fetched once for the page. */
const usePlaceNames = (keys: readonly ApiKeyView[], withCompanies: boolean) => {
  const companyIds = useMemo(() => [...new Set(keys.map((k) => k.companyId))], [keys]);
  const companies = useGetMany<{ id: number; name: string }>(
    'company',
    { ids: companyIds },
    { enabled: withCompanies && companyIds.length > 0 },
  );
  const brandIds = useMemo(
    () => [...new Set(keys.flatMap((k) => (k.brandId === null ? [] : [k.brandId])))],
    [keys],
  );
  const storeIds = useMemo(
    () => [...new Set(keys.flatMap((k) => (k.storeId === null ? [] : [k.storeId])))],
    [keys],
  );
  const brands = useGetMany<{ id: number; name: string }>(
    'brand',
    { ids: brandIds },
    { enabled: brandIds.length > 0 },
  );
  const stores = useGetMany<{ id: number; name: string }>(
    'store',
    { ids: storeIds },
    { enabled: storeIds.length > 0 },
  );
  const name = (list: { id: number; name: string }[] | undefined, id: number) =>
    list?.find((r) => r.id === id)?.name ?? `#${id}`;
  return {
    company: (id: number) => name(companies.data, id),
    brand: (id: number) => name(brands.data, id),
    store: (id: number) => name(stores.data, id),
  };
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

const KeyTable = ({ keys, whereOf, onRotate, onRevoke }: ListProps) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label={translate(`${K}.title`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${K}.name`)}</TableCell>
            <TableCell>{translate(`${K}.where`)}</TableCell>
            <TableCell>{translate(`${K}.permissions`)}</TableCell>
            <TableCell>{translate(`${K}.created`)}</TableCell>
            <TableCell>{translate(`${K}.last_used`)}</TableCell>
            <TableCell>{translate(`${K}.expires`)}</TableCell>
            <TableCell>{translate(`${K}.state`)}</TableCell>
            <TableCell>{translate(`${K}.actions`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((k) => (
            <TableRow key={k.id} data-testid={`api-key-${k.id}`}>
              <TableCell>
                <KeyName k={k} />
              </TableCell>
              <TableCell>{whereOf(k)}</TableCell>
              <TableCell>
                <Permissions list={k.permissions} />
              </TableCell>
              <TableCell>
                {dateTime(k.createTime)}
                <Typography variant="caption" color="text.secondary" component="div">
                  {k.createdByEmail}
                </Typography>
              </TableCell>
              <TableCell>
                <LastUse k={k} />
              </TableCell>
              <TableCell>
                <Expiry k={k} />
              </TableCell>
              <TableCell>
                <StateChip state={k.state} />
              </TableCell>
              <TableCell>
                <Actions k={k} onRotate={onRotate} onRevoke={onRevoke} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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

const KeyCards = ({ keys, whereOf, onRotate, onRevoke }: ListProps) => {
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

export const ApiKeysPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const isPhone = useIsPhone();
  const { caller } = useCaller();
  const { confirm, confirmDialog } = useConfirmAction();
  const [version, setVersion] = useState(0);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ issued: ApiKeyIssued; title: string } | null>(null);
  const allowed = caller !== null && mayManageApiKeys(caller.subject);
  const keys = useLoadable<ApiKeyView[]>(
    allowed
      ? {
          key: `api-keys:${company?.id ?? 'all'}:${version}`,
          load: async (h) =>
            (await h<ApiKeyView[]>(API_KEYS_PATH, company ? { query: { companyId: company.id } } : {})).data,
        }
      : null,
  );
  const list = keys.status === 'ready' ? keys.data : [];
  const places = usePlaceNames(list, caller?.isOperator ?? false);
  const reload = () => setVersion((v) => v + 1);

  if (!caller) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (!allowed)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate(`${K}.owners_only`)}
      </Alert>
    );

  const whereOf = (k: ApiKeyView): string => {
    const part =
      k.storeId !== null
        ? translate(`${K}.store_of`, { store: places.store(k.storeId) })
        : k.brandId !== null
          ? translate(`${K}.brand_of`, { brand: places.brand(k.brandId) })
          : translate(`${K}.company_all`);
    // an operator sees every company's keys: each names its company first
    return caller.isOperator ? `${places.company(k.companyId)} · ${part}` : part;
  };

  const onRotate = async (k: ApiKeyView) => {
    const outcome = await confirm({
      action: translate(`${K}.rotate`),
      item: k.name,
      detail: translate(`${K}.rotate_detail`, { hours: API_KEY_ROTATION_GRACE_HOURS }),
      run: async () => (await http<ApiKeyIssued>(`${API_KEYS_PATH}/${k.id}/rotate`, { method: 'POST' })).data,
    });
    if (outcome.status === 'success')
      setShown({ issued: outcome.result, title: translate(`${K}.rotated_title`) });
    if (outcome.status !== 'cancelled') reload();
  };
  const onRevoke = async (k: ApiKeyView) => {
    const outcome = await confirm({
      action: translate(`${K}.revoke`),
      item: k.name,
      detail: translate(`${K}.revoke_detail`),
      danger: true,
      run: () => http(`${API_KEYS_PATH}/${k.id}/revoke`, { method: 'POST' }),
    });
    if (outcome.status !== 'cancelled') reload();
  };

  return (
    <PageFrame
      title={translate(`${K}.title`)}
      intro={translate(`${K}.intro`, { hours: API_KEY_ROTATION_GRACE_HOURS })}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate(`${K}.new`)}
        </Button>
      }
      maxWidth="none"
    >
      {caller.isOperator ? (
        <CompanyPicker value={company} onChange={setCompany} helperText={translate(`${K}.company_filter`)} />
      ) : null}
      {keys.status === 'loading' || keys.status === 'idle' ? <CircularProgress size={28} /> : null}
      {keys.status === 'error' ? <Alert severity="error">{translate(`${K}.load_failed`)}</Alert> : null}
      {keys.status === 'ready' && list.length === 0 ? (
        <EmptyState title={translate(`${K}.empty_title`)} body={translate(`${K}.empty_body`)} />
      ) : null}
      {list.length > 0 ? (
        isPhone ? (
          <KeyCards keys={list} whereOf={whereOf} onRotate={onRotate} onRevoke={onRevoke} />
        ) : (
          <KeyTable keys={list} whereOf={whereOf} onRotate={onRotate} onRevoke={onRevoke} />
        )
      ) : null}
      {creating ? (
        <NewKeyDialog
          caller={caller}
          onClose={() => setCreating(false)}
          onIssued={(issued) => {
            setCreating(false);
            setShown({ issued, title: translate(`${K}.created_title`) });
            reload();
          }}
        />
      ) : null}
      {shown ? <ShowOnce issued={shown.issued} title={shown.title} onClose={() => setShown(null)} /> : null}
      {confirmDialog}
    </PageFrame>
  );
};
