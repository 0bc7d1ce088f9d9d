// /access/api-keys (issue 27 item 1; docs/api.md "API keys"): a company's owner, or an operator, makes
// keys for the systems around the merchant (till, CRM, online shop), each with permissions from the
// group matrix, optionally limited to a brand or a store and given an expiry. The key is shown once,
// with Copy; the list shows every key without its secret: prefix, where it acts, what it may do, who
// made it, its last use (time and address) and its state, with Rotate (the old key keeps working for
// a day) and Revoke, each after confirming. A table on a computer, a card per key on a phone.
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetMany, useTranslate } from 'react-admin';
import {
  API_KEY_ROTATION_GRACE_HOURS,
  API_KEYS_PATH,
  type ApiKeyIssued,
  type ApiKeyView,
  mayManageApiKeys,
} from '../../../contract/api-keys';
import { ORGANIZATION_LEVELS, type OrganizationLevel } from '../../../contract/enums';
import { type CompanyOption, CompanyPicker } from '../../components/CompanyPicker';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { EmptyState, PageFrame } from '../../components/PageFrame';
import { useCaller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
import { apiKeysEn } from '../../i18n/apiKeys.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { NewKeyDialog, ShowOnce } from './ApiKeyDialogs';
import { KeyCards, KeyTable } from './ApiKeyList';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(apiKeysEn);

const K = 'access.api_keys';
/** a key always belongs to a company: NULL is never a key's level */
const KEY_LEVELS = ORGANIZATION_LEVELS.filter((l) => l !== 'NULL');

/** The list's filter on what a key reaches (GET /api-keys?organizationLevel=): all, or one level. */
const LevelFilter = ({
  value,
  onChange,
}: {
  value: OrganizationLevel | '';
  onChange: (v: OrganizationLevel | '') => void;
}) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate(`${K}.level_filter`)}
      value={value}
      onChange={(e) => onChange(e.target.value as OrganizationLevel | '')}
      // "Any reach" is a choice of its own, shown as such
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{translate(`${K}.level_all`)}</MenuItem>
      {KEY_LEVELS.map((l) => (
        <MenuItem key={l} value={l}>
          {translate(`resources.users.choices.organizationLevel.${l}`)}
        </MenuItem>
      ))}
    </TextField>
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

export const ApiKeysPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const isPhone = useIsPhone();
  const { caller } = useCaller();
  const { confirm, confirmDialog } = useConfirmAction();
  const [version, setVersion] = useState(0);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [level, setLevel] = useState<OrganizationLevel | ''>('');
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ issued: ApiKeyIssued; title: string } | null>(null);
  const allowed = caller !== null && mayManageApiKeys(caller.subject);
  const keys = useLoadable<ApiKeyView[]>(
    allowed
      ? {
          key: `api-keys:${company?.id ?? 'all'}:${level}:${version}`,
          load: async (h) =>
            (
              await h<ApiKeyView[]>(API_KEYS_PATH, {
                query: {
                  ...(company ? { companyId: company.id } : {}),
                  ...(level ? { organizationLevel: level } : {}),
                },
              })
            ).data,
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

  // the key's level (the server's one rule) says which of its places to name
  const whereOf = (k: ApiKeyView): string => {
    const part =
      k.organizationLevel === 'STORE' && k.storeId !== null
        ? translate(`${K}.store_of`, { store: places.store(k.storeId) })
        : k.organizationLevel === 'BRAND' && k.brandId !== null
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
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        {caller.isOperator ? (
          <CompanyPicker
            value={company}
            onChange={setCompany}
            helperText={translate(`${K}.company_filter`)}
          />
        ) : null}
        <LevelFilter value={level} onChange={setLevel} />
      </Stack>
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
