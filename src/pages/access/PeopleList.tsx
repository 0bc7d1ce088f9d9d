// The people of /access/operator-access and /access/merchant-access: the `users` list with a
// permanent type filter, search by name or e-mail, (for operators' merchant view) a company filter,
// an Invite button and per person "Manage access", Disable / Enable (PATCH /user/{id}/state), Unlock
// for a locked person (POST /user/{id}/unlock) or, for someone still invited, "Resend invitation"
// (POST /user/{id}/invitation/resend), and under "More actions" "Require password reset" (POST
// /user/{id}/require-password-reset), "Sign out everywhere" (DELETE /user/{id}/sessions) and, for
// someone with a second factor, "Reset two-factor sign-in" (DELETE /user/{id}/two-factor), each
// after confirming (spec 5). A locked person's state says since when. The list rows carry the
// people's groups and lock time, so no row fetches anything.
import BlockIcon from '@mui/icons-material/Block';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Chip, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  DataTable,
  FilterButton,
  List,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../contract/access';
import { ORGANIZATION_LEVELS, type UserState, type UserType } from '../../../contract/enums';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { LocalDateField } from '../../components/LocalDateField';
import type { Caller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
import type { HttpRequestOptions } from '../../providers/httpClient';
import { InviteDialog, type InviteKind } from './InviteDialog';
import { type AccessTarget, ManageAccessDialog } from './ManageAccessDialog';

interface UserRow extends RaRecord {
  id: number;
  email: string;
  name?: string | null;
  type: UserType;
  state: UserState;
  companyId?: number | null;
  createTime?: string;
  /** when failed sign-ins locked them (state LOCK) */
  lockedAt?: string | null;
  /** group names, as GET /user lists them */
  groups?: string[];
  /** signs in with a second factor */
  twoFactorEnabled?: boolean;
}

const STATE_COLORS: Record<UserState, 'success' | 'default' | 'warning' | 'error' | 'info'> = {
  ENABLE: 'success',
  DISABLE: 'default',
  LOCK: 'error',
  DELETE: 'default',
  WAIT_EMAIL_ACTIVE: 'info',
};

/** The state, and for a locked person since when (their lock time, in the caller's zone). */
export const StateChip = () => {
  const record = useRecordContext<UserRow>();
  const translate = useTranslate();
  const { dateTime } = useDates();
  if (!record) return null;
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLORS[record.state] ?? 'default'}
      label={translate(`access.people.states.${record.state}`, { _: record.state })}
    />
  );
  if (record.state !== 'LOCK' || !record.lockedAt) return chip;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      {chip}
      <Typography variant="caption" color="text.secondary">
        {translate('access.people.locked_since', { time: dateTime(record.lockedAt) })}
      </Typography>
    </Box>
  );
};

/** The person's groups, straight from the list row (GET /user lists them with each person). */
export const GroupChips = () => {
  const record = useRecordContext<UserRow>();
  const translate = useTranslate();
  if (!record) return null;
  const groups = record.groups ?? [];
  if (groups.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('access.people.no_groups')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {groups.map((g) => (
        <Chip key={g} size="small" label={g} />
      ))}
    </Box>
  );
};

/** Lifecycle actions of one person (each asks first). */
export type Lifecycle = 'disable' | 'enable' | 'unlock' | 'resend';
/** The account-security actions under "More actions" (each asks first). */
export type SecurityAction = 'require_reset' | 'sign_out_all' | 'reset_two_factor';
/**
 * Removing a person, under "More actions": `delete` keeps their row and history (state DELETE, the
 * API's default softDel=true, sent explicitly); `delete_permanently` (operators only) removes the row
 * for good (softDel=false), which the server refuses with 26239 while other rows refer to them.
 */
export type RemovalAction = 'delete' | 'delete_permanently';
export type PersonAction = Lifecycle | SecurityAction | RemovalAction;

/** The lifecycle action a person's state offers, if any. */
export const lifecycleOf = (state: UserState): Lifecycle | null => {
  if (state === 'ENABLE') return 'disable';
  if (state === 'DISABLE') return 'enable';
  if (state === 'LOCK') return 'unlock';
  if (state === 'WAIT_EMAIL_ACTIVE') return 'resend';
  return null;
};

/**
 * The account-security actions a person's state offers: a reset to anyone with a password of their
 * own (the server refuses the others with 11); signing out to someone who may be signed in.
 */
export const securityActionsOf = (state: UserState, twoFactorEnabled = false): SecurityAction[] => [
  ...(state === 'ENABLE' || state === 'LOCK' || state === 'DISABLE' ? (['require_reset'] as const) : []),
  ...(state === 'ENABLE' ? (['sign_out_all'] as const) : []),
  // a lost phone and lost recovery codes: the person signs in with the password alone, then enrols again
  ...(twoFactorEnabled ? (['reset_two_factor'] as const) : []),
];

/** The removals a person's state offers the caller. */
export const removalActionsOf = (state: UserState, isOperator: boolean): RemovalAction[] => [
  ...(state !== 'DELETE' ? (['delete'] as const) : []),
  ...(isOperator ? (['delete_permanently'] as const) : []),
];

/** The actions that cannot be undone: a red Confirm and a line saying what goes. */
const DANGER: ReadonlySet<PersonAction> = new Set(['delete', 'delete_permanently']);

/** The request of each action on the person at `path` (/user/{id}). */
const REQUESTS: Record<PersonAction, (path: string) => [string, HttpRequestOptions]> = {
  disable: (path) => [`${path}/state`, { method: 'PATCH', body: { state: 'DISABLE' } }],
  enable: (path) => [`${path}/state`, { method: 'PATCH', body: { state: 'ENABLE' } }],
  unlock: (path) => [`${path}/unlock`, { method: 'POST' }],
  resend: (path) => [`${path}/invitation/resend`, { method: 'POST' }],
  require_reset: (path) => [`${path}/require-password-reset`, { method: 'POST' }],
  sign_out_all: (path) => [`${path}/sessions`, { method: 'DELETE' }],
  reset_two_factor: (path) => [`${path}/two-factor`, { method: 'DELETE' }],
  delete: (path) => [path, { method: 'DELETE', query: { softDel: true } }],
  delete_permanently: (path) => [path, { method: 'DELETE', query: { softDel: false } }],
};

/**
 * As the server decides: UPDATE on `user`, never oneself, and for a merchant only merchants of
 * their own company (the list shows no one else, but the rule is kept here too).
 */
export const mayChangePerson = (caller: Caller, person: Pick<UserRow, 'id' | 'type' | 'companyId'>) =>
  canAccess(caller.subject, { action: 'UPDATE', resource: 'user' }) &&
  person.id !== caller.id &&
  (caller.isOperator ||
    (person.type === 'MERCHANT' && caller.companyId !== null && person.companyId === caller.companyId));

const LIFECYCLE_ICONS: Record<Lifecycle, typeof BlockIcon> = {
  disable: BlockIcon,
  enable: HowToRegIcon,
  unlock: LockOpenIcon,
  resend: ForwardToInboxIcon,
};

/** "More actions": the account-security actions, in a menu so that a row stays one line. */
const MoreActions = ({
  person,
  actions,
  onAction,
}: {
  person: UserRow;
  actions: (SecurityAction | RemovalAction)[];
  onAction: (person: UserRow, action: PersonAction) => void;
}) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  const name = person.name || person.email;
  const menuId = `more-actions-${person.id}`;
  return (
    <>
      <Tooltip title={translate('access.people.more_title', { name })}>
        <IconButton
          size="small"
          aria-label={translate('access.people.more_title', { name })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => {
            e.stopPropagation();
            setAnchor(e.currentTarget);
          }}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(person, action);
            }}
          >
            {translate(`access.people.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

const RowActions = ({
  caller,
  onManage,
  onLifecycle,
}: {
  caller: Caller;
  onManage: (target: AccessTarget) => void;
  onLifecycle: (person: UserRow, action: PersonAction) => void;
}) => {
  const record = useRecordContext<UserRow>();
  const translate = useTranslate();
  if (!record) return null;
  const mayManage = canAccess(caller.subject, { action: 'UPDATE', resource: 'user' });
  const mayChange = mayChangePerson(caller, record);
  const lifecycle = mayChange ? lifecycleOf(record.state) : null;
  const LifecycleIcon = lifecycle ? LIFECYCLE_ICONS[lifecycle] : null;
  const name = record.name || record.email;
  const auditFilter = encodeURIComponent(JSON.stringify({ actorId: record.id }));
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {mayManage ? (
        <Button
          label={translate('access.people.manage')}
          onClick={(e) => {
            e.stopPropagation();
            onManage({
              id: record.id,
              name: record.name,
              email: record.email,
              type: record.type,
              companyId: record.companyId ?? null,
            });
          }}
        >
          <ManageAccountsIcon />
        </Button>
      ) : null}
      {lifecycle && LifecycleIcon ? (
        <Button
          label={translate(`access.people.${lifecycle}`)}
          color={lifecycle === 'disable' ? 'error' : 'primary'}
          onClick={(e) => {
            e.stopPropagation();
            onLifecycle(record, lifecycle);
          }}
        >
          <LifecycleIcon />
        </Button>
      ) : null}
      {mayChange ? (
        <MoreActions
          person={record}
          actions={[
            ...securityActionsOf(record.state, record.twoFactorEnabled === true),
            ...removalActionsOf(record.state, caller.isOperator),
          ]}
          onAction={onLifecycle}
        />
      ) : null}
      {canAccess(caller.subject, { action: 'VIEW', resource: 'auditLog' }) ? (
        <Tooltip title={translate('access.people.audit_title', { name })}>
          <IconButton
            size="small"
            component={Link}
            to={`/config/audit-log?filter=${auditFilter}`}
            aria-label={translate('access.people.audit_title', { name })}
          >
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
};

const Actions = ({
  onInvite,
  mayInvite,
  mayReadAudit,
}: {
  onInvite: () => void;
  mayInvite: boolean;
  mayReadAudit: boolean;
}) => {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      {mayReadAudit ? (
        // a merchant's own company's audit trail (their menu's Access holds Merchant Access only)
        <Button component={Link} to="/config/audit-log" label={translate('access.people.audit_log')}>
          <HistoryIcon />
        </Button>
      ) : null}
      {mayInvite ? (
        <Button label={translate('access.invite.button')} onClick={onInvite} variant="contained">
          <PersonAddIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
};

/** What a merchant's access reaches (the server's organizationLevel), in the users table's words. */
const LEVEL_CHOICES = ORGANIZATION_LEVELS.map((id) => ({
  id,
  name: `resources.users.choices.organizationLevel.${id}`,
}));
const LEVEL_LABEL = 'resources.users.fields.organizationLevel';

export interface PeopleListProps {
  caller: Caller;
  /** OPERATOR or MERCHANT: the permanent filter */
  type: UserType;
  inviteKind: InviteKind;
  title: string;
  storeKey: string;
}

export const PeopleList = ({ caller, type, inviteKind, title, storeKey }: PeopleListProps) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState<AccessTarget | null>(null);
  const http = useHttpClient();
  const { confirm, confirmDialog } = useConfirmAction();
  const onLifecycle = async (person: UserRow, action: PersonAction) => {
    const [url, init] = REQUESTS[action](`/user/${encodeURIComponent(String(person.id))}`);
    const outcome = await confirm({
      action: translate(`access.people.${action}`),
      item: person.name || person.email,
      ...(DANGER.has(action) ? { danger: true, detail: translate(`access.people.${action}_detail`) } : {}),
      run: () => http(url, init),
    });
    // the state chip (or, after a refused switch, whatever the state really is now)
    if (outcome.status !== 'cancelled') refresh();
  };
  const showCompany = caller.isOperator && type === 'MERCHANT';
  // an operator belongs to no organisation: the level is a merchant's
  const showLevel = type === 'MERCHANT';
  const phone = useIsPhone();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('access.people.search')} />,
    ...(showCompany
      ? [
          <ReferenceInput key="companyId" source="companyId" reference="company" alwaysOn>
            <AutocompleteInput label="access.people.company" optionText="name" sx={{ minWidth: 220 }} />
          </ReferenceInput>,
        ]
      : []),
    ...(showLevel
      ? [
          <SelectInput
            key="organizationLevel"
            source="organizationLevel"
            label={LEVEL_LABEL}
            choices={LEVEL_CHOICES}
          />,
        ]
      : []),
  ];
  return (
    <>
      <List
        resource="users"
        filter={{ type }}
        filters={filters}
        sort={{ field: 'createTime', order: 'DESC' }}
        storeKey={storeKey}
        title={title}
        exporter={false}
        actions={
          <Actions
            onInvite={() => setInviting(true)}
            mayInvite={canAccess(caller.subject, { action: 'ADD', resource: 'user' })}
            mayReadAudit={
              !caller.isOperator && canAccess(caller.subject, { action: 'VIEW', resource: 'auditLog' })
            }
          />
        }
      >
        {phone ? (
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => String(r.name ?? '')}
            secondaryText={<TextField source="email" />}
            tertiaryText={
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 0.5 }}>
                <StateChip />
                <GroupChips />
                {showLevel ? (
                  <SelectField
                    source="organizationLevel"
                    choices={LEVEL_CHOICES}
                    variant="caption"
                    color="text.secondary"
                  />
                ) : null}
                <Box sx={{ ml: 'auto' }}>
                  <RowActions caller={caller} onManage={setManaging} onLifecycle={onLifecycle} />
                </Box>
              </Box>
            }
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="name" label="access.invite.name" />
            <DataTable.Col source="email" label="access.invite.email" />
            <DataTable.Col source="state" label="access.people.state">
              <StateChip />
            </DataTable.Col>
            <DataTable.Col label="access.people.groups" disableSort>
              <GroupChips />
            </DataTable.Col>
            {showCompany ? (
              // an operator reads each merchant's company with what their access reaches in it
              <DataTable.Col source="companyId" label="access.people.company" disableSort>
                <ReferenceField source="companyId" reference="company" link={false} emptyText="—" />
                <SelectField
                  source="organizationLevel"
                  choices={LEVEL_CHOICES}
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                />
              </DataTable.Col>
            ) : showLevel ? (
              <DataTable.Col source="organizationLevel" label={LEVEL_LABEL}>
                <SelectField source="organizationLevel" choices={LEVEL_CHOICES} />
              </DataTable.Col>
            ) : null}
            <DataTable.Col source="createTime" label="access.people.created">
              <LocalDateField source="createTime" showTime />
            </DataTable.Col>
            <DataTable.Col label="access.people.actions" disableSort align="right">
              <RowActions caller={caller} onManage={setManaging} onLifecycle={onLifecycle} />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      <InviteDialog
        open={inviting}
        kind={inviteKind}
        onClose={() => setInviting(false)}
        onInvited={() => refresh()}
      />
      {managing ? (
        <ManageAccessDialog
          target={managing}
          caller={caller}
          onClose={() => setManaging(null)}
          onChanged={() => refresh()}
        />
      ) : null}
      {confirmDialog}
    </>
  );
};
