// "Manage access" for one person: their groups (PUT /user/{id}/groups {groupIds}), their direct
// permissions as a matrix (PATCH /user/{id}/permissions {permissions}) and, read-only, their
// effective permissions (GET /user/{id}/full-permissions) with where each one comes from.
// Taking someone out of every group, or clearing every direct permission, asks first (spec 5).
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type RaRecord, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Permission } from '../../../contract/access';
import type { PermissionAction, UserType } from '../../../contract/enums';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useHttpClient } from '../../components/HttpClientContext';
import { Notice } from '../../components/Notice';
import { PlainTable } from '../../components/PlainTable';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import type { Caller } from '../../components/useCaller';
import type { HttpClient } from '../../providers/httpClient';
import { PermissionMatrix } from './PermissionMatrix';
import {
  MATRIX_ACTIONS,
  matrixResources,
  type PermissionSource,
  permissionSources,
  plainPermissions,
} from './permissions';

export interface AccessTarget {
  id: number;
  name?: string | null;
  email: string;
  type: UserType;
  companyId?: number | null;
}

interface TargetUser extends AccessTarget {
  groups?: string[];
  groupIds?: number[];
}

interface GroupOption {
  id: number;
  name: string;
}

interface Loaded {
  user: TargetUser;
  direct: Permission[];
  /** null: not limited by a list (operator, company owner) */
  effective: Permission[] | null;
  groupDetails: { id: number; name: string; permissions: Permission[] }[];
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

const samePermissions = (a: readonly Permission[], b: readonly Permission[]) =>
  JSON.stringify(plainPermissions(a)) === JSON.stringify(plainPermissions(b));

export interface ManageAccessDialogProps {
  target: AccessTarget | null;
  caller: Caller;
  onClose: () => void;
  /** after any saved change (e.g. refresh the list's group chips) */
  onChanged?: () => void;
}

/** The person's access as it is: their row, their own permissions, the effective ones and their groups'. */
const loadAccess = async (
  http: HttpClient,
  targetId: number | string,
  signal: AbortSignal,
): Promise<Loaded> => {
  const base = `/user/${encodeURIComponent(String(targetId))}`;
  const [user, directRes, fullRes] = await Promise.all([
    http<TargetUser>(base, { signal }),
    http<Permission[]>(`${base}/permissions`, { signal }),
    http<Permission[] | null>(`${base}/full-permissions`, { signal }),
  ]);
  const ids = (user.data.groupIds ?? []).filter((id) => id > 0);
  // where effective permissions come from: each of the person's groups (usually a handful)
  const groupDetails = await Promise.all(
    ids.map((id) =>
      http<{ id: number; name: string; permissions?: Permission[] }>(`/user-group/${id}`, { signal })
        .then((r) => ({
          id,
          name: r.data.name,
          permissions: plainPermissions(r.data.permissions),
        }))
        .catch(() => ({ id, name: String(id), permissions: [] as Permission[] })),
    ),
  );
  return {
    user: user.data,
    direct: plainPermissions(directRes.data),
    effective: Array.isArray(fullRes.data) ? plainPermissions(fullRes.data) : null,
    groupDetails,
  };
};

/** The groups the caller may assign to this person: same type and, for merchants, same company. */
const useGroupOptions = (target: AccessTarget | null, caller: Caller): GroupOption[] => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notifyError = useApiErrorNotify();
  const [options, setOptions] = useState<GroupOption[]>([]);
  const targetId = target?.id;
  const targetType = target?.type;
  const targetCompany = target?.companyId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per person
  useEffect(() => {
    if (targetId === undefined || targetType === undefined) {
      setOptions([]);
      return;
    }
    let live = true;
    const filter: Record<string, unknown> = { type: targetType };
    if (targetType === 'MERCHANT' && caller.isOperator) filter.companyId = targetCompany;
    dataProvider
      .getList<RaRecord & { name: string }>('userGroups', {
        pagination: { page: 1, perPage: 200 },
        sort: { field: 'name', order: 'ASC' },
        filter,
      })
      .then((res) => {
        if (live) setOptions(res.data.map((g) => ({ id: Number(g.id), name: g.name })));
      })
      .catch((error: unknown) => {
        if (live) notifyError(error, translate('common.notice.error'));
      });
    return () => {
      live = false;
    };
  }, [targetId]);

  return options;
};

/** One part of the dialog: its heading (which names the section), a line of help, then the part itself. */
const Section = ({
  id,
  title,
  help,
  children,
}: {
  id: string;
  title: string;
  help: string;
  children: ReactNode;
}) => (
  <Box component="section" aria-labelledby={id}>
    <Typography id={id} variant="h6" component="h2">
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {help}
    </Typography>
    {children}
  </Box>
);

/** What the person may do in the end, and where each right comes from (a group, or given directly). */
const EffectiveAccess = ({ unlimited, sources }: { unlimited: boolean; sources: PermissionSource[] }) => {
  const translate = useTranslate();
  return (
    <Section
      id="manage-effective-heading"
      title={translate('access.manage.effective')}
      help={translate('access.manage.effective_help')}
    >
      {unlimited ? (
        <Alert severity="info">{translate('access.manage.effective_all')}</Alert>
      ) : (
        <PlainTable
          label={translate('access.manage.effective')}
          empty={<Alert severity="info">{translate('access.manage.effective_none')}</Alert>}
          rows={groupByResource(sources)}
          rowKey={({ resource }) => resource}
          columns={[
            {
              label: translate('access.matrix.resource'),
              render: ({ resource }) => translate(`access.resources.${resource}`, { _: resource }),
            },
            {
              label: translate('access.people.actions'),
              render: ({ entries }) =>
                entries.map((e) => translate(`access.matrix.actions.${e.action}`)).join(', '),
            },
            {
              label: translate('access.manage.from'),
              render: ({ entries }) => (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {[...new Set(entries.flatMap((e) => e.from))].map((from) => (
                    <Chip key={from} size="small" variant="outlined" label={from} />
                  ))}
                </Box>
              ),
            },
          ]}
        />
      )}
    </Section>
  );
};

/** The person's groups: pick them, then save. */
const GroupsSection = ({
  options,
  selected,
  onChange,
  onSave,
  canSave,
}: {
  options: GroupOption[];
  selected: GroupOption[];
  onChange: (ids: number[]) => void;
  onSave: () => void;
  canSave: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Section
      id="manage-groups-heading"
      title={translate('access.manage.groups')}
      help={translate('access.manage.groups_help')}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Autocomplete
          multiple
          options={options}
          value={selected}
          onChange={(_, next) => onChange(next.map((g) => g.id))}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={translate('access.manage.groups_none')}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={option.name} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField {...params} label={translate('access.manage.groups')} size="small" />
          )}
          sx={{ flex: 1, minWidth: 280 }}
        />
        <Button variant="contained" onClick={onSave} disabled={!canSave}>
          {translate('access.manage.save_groups')}
        </Button>
      </Box>
    </Section>
  );
};

/** The chosen groups as options (a group the caller may not list keeps the name the person's row gave). */
const selectedGroups = (groupIds: number[], options: GroupOption[], loaded: Loaded | null): GroupOption[] =>
  groupIds.map(
    (id) =>
      options.find((o) => o.id === id) ?? {
        id,
        name: loaded?.groupDetails.find((g) => g.id === id)?.name ?? String(id),
      },
  );

/** Where each effective right of the resources shown comes from (none for an owner: all of them). */
const effectiveSources = (
  loaded: Loaded | null,
  rows: Set<string>,
  directLabel: string,
): PermissionSource[] =>
  loaded?.effective != null
    ? permissionSources(
        loaded.effective.filter((p) => rows.has(p.resource)),
        loaded.direct,
        loaded.groupDetails,
        directLabel,
      )
    : [];

export const ManageAccessDialog = ({ target, caller, onClose, onChanged }: ManageAccessDialogProps) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const { confirm, confirmDialog } = useConfirmAction();

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [direct, setDirect] = useState<Permission[]>([]);
  const [saving, setSaving] = useState<'groups' | 'permissions' | null>(null);
  const [version, setVersion] = useState(0);

  const targetId = target?.id;
  const targetType = target?.type;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads per person and after each save
  useEffect(() => {
    if (targetId === undefined) return;
    const controller = new AbortController();
    const signal = controller.signal;
    const load = async () => {
      const next = await loadAccess(http, targetId, signal);
      if (signal.aborted) return;
      setLoaded(next);
      setGroupIds((next.user.groupIds ?? []).filter((id) => id > 0));
      setDirect(next.direct);
    };
    load().catch((error: unknown) => {
      if (!signal.aborted) notifyError(error, translate('common.notice.error'));
    });
    return () => controller.abort();
  }, [targetId, version]);

  const options = useGroupOptions(target, caller);

  useEffect(() => {
    if (targetId === undefined) {
      setLoaded(null);
    }
  }, [targetId]);

  const rows = useMemo(
    () => (targetType ? new Set<string>(matrixResources(caller.subject, targetType)) : new Set<string>()),
    [caller.subject, targetType],
  );

  if (!target) return null;
  const displayName = target.name || target.email;

  const hint = (line: string) =>
    notify(<Notice title={translate('common.notice.hint')} lines={[line]} />, { type: 'success' });

  const afterSave = () => {
    setVersion((v) => v + 1);
    onChanged?.();
  };

  const putGroups = () =>
    http(`/user/${encodeURIComponent(String(target.id))}/groups`, { method: 'PUT', body: { groupIds } });
  const patchPermissions = () =>
    http(`/user/${encodeURIComponent(String(target.id))}/permissions`, {
      method: 'PATCH',
      body: { permissions: direct },
    });

  const save = async (what: 'groups' | 'permissions') => {
    if (!loaded) return;
    const destructive =
      what === 'groups'
        ? groupIds.length === 0 && (loaded.user.groupIds ?? []).some((id) => id > 0)
        : direct.length === 0 && loaded.direct.length > 0;
    const run = what === 'groups' ? putGroups : patchPermissions;
    if (destructive) {
      const outcome = await confirm({
        action: translate('access.manage.remove_action'),
        item:
          what === 'groups'
            ? translate('access.manage.remove_groups_item', { name: displayName })
            : translate('access.manage.clear_permissions_item', { name: displayName }),
        run,
      });
      if (outcome.status === 'success') afterSave();
      return;
    }
    setSaving(what);
    try {
      await run();
      hint(translate(what === 'groups' ? 'access.manage.groups_saved' : 'access.manage.permissions_saved'));
      afterSave();
    } catch (error) {
      notifyError(error, translate('common.notice.error'));
    } finally {
      setSaving(null);
    }
  };

  const selected = selectedGroups(groupIds, options, loaded);
  const groupsChanged = loaded
    ? !sameIds(
        groupIds,
        (loaded.user.groupIds ?? []).filter((id) => id > 0),
      )
    : false;
  const permissionsChanged = loaded ? !samePermissions(direct, loaded.direct) : false;
  const sources = effectiveSources(loaded, rows, translate('access.manage.direct'));

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="manage-access-title"
      scroll="paper"
    >
      <DialogTitle id="manage-access-title">
        {translate('access.manage.title', { name: displayName })}
        <Typography variant="body2" color="text.secondary">
          {target.email}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {!loaded ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={32} aria-label={translate('access.manage.loading')} />
          </Box>
        ) : (
          <Stack spacing={3}>
            {loaded.effective === null ? (
              <Alert severity="info">{translate('access.manage.unlimited_note')}</Alert>
            ) : null}
            <GroupsSection
              options={options}
              selected={selected}
              onChange={setGroupIds}
              onSave={() => save('groups')}
              canSave={groupsChanged && saving === null}
            />
            <Divider />
            <Section
              id="manage-permissions-heading"
              title={translate('access.manage.permissions')}
              help={translate('access.manage.permissions_help')}
            >
              <PermissionMatrix
                value={direct}
                onChange={setDirect}
                caller={caller.subject}
                targetType={target.type}
                disabled={saving !== null}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <Button
                  variant="contained"
                  onClick={() => save('permissions')}
                  disabled={!permissionsChanged || saving !== null}
                >
                  {translate('access.manage.save_permissions')}
                </Button>
              </Box>
            </Section>
            <Divider />
            <EffectiveAccess unlimited={loaded.effective === null} sources={sources} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('access.manage.close')}</Button>
      </DialogActions>
      {confirmDialog}
    </Dialog>
  );
};

const groupByResource = <T extends { resource: string; action: PermissionAction }>(list: readonly T[]) => {
  const out: { resource: string; entries: T[] }[] = [];
  for (const p of list) {
    const last = out.at(-1);
    if (last && last.resource === p.resource) last.entries.push(p);
    else out.push({ resource: p.resource, entries: [p] });
  }
  for (const g of out)
    g.entries.sort((a, b) => MATRIX_ACTIONS.indexOf(a.action) - MATRIX_ACTIONS.indexOf(b.action));
  return out;
};
