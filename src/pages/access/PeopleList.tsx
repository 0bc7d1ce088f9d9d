// The people of /access/operator-access and /access/merchant-access: the `users` list with a
// permanent type filter, search by name or e-mail, (for operators' merchant view) a company filter,
// an Invite button and per person "Manage access", Disable / Enable (PATCH /user/{id}/state) or,
// for someone still invited, "Resend invitation" (POST /user/{id}/invitation/resend), each after
// confirming (spec 5). The list rows carry the people's groups, so no row fetches anything.
import BlockIcon from '@mui/icons-material/Block';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
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
  SimpleList,
  TextField,
  TopToolbar,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../contract/access';
import type { UserState, UserType } from '../../../contract/enums';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useHttpClient } from '../../components/HttpClientContext';
import { LocalDateField } from '../../components/LocalDateField';
import type { Caller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
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
  /** group names, as GET /user lists them */
  groups?: string[];
}

const STATE_COLORS: Record<UserState, 'success' | 'default' | 'warning' | 'error' | 'info'> = {
  ENABLE: 'success',
  DISABLE: 'default',
  LOCK: 'error',
  DELETE: 'default',
  WAIT_EMAIL_ACTIVE: 'info',
};

export const StateChip = () => {
  const record = useRecordContext<UserRow>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLORS[record.state] ?? 'default'}
      label={translate(`access.people.states.${record.state}`, { _: record.state })}
    />
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
export type Lifecycle = 'disable' | 'enable' | 'resend';

/** The lifecycle action a person's state offers, if any. */
export const lifecycleOf = (state: UserState): Lifecycle | null => {
  if (state === 'ENABLE') return 'disable';
  if (state === 'DISABLE' || state === 'LOCK') return 'enable';
  if (state === 'WAIT_EMAIL_ACTIVE') return 'resend';
  return null;
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
  resend: ForwardToInboxIcon,
};

const RowActions = ({
  caller,
  onManage,
  onLifecycle,
}: {
  caller: Caller;
  onManage: (target: AccessTarget) => void;
  onLifecycle: (person: UserRow, action: Lifecycle) => void;
}) => {
  const record = useRecordContext<UserRow>();
  const translate = useTranslate();
  if (!record) return null;
  const mayManage = canAccess(caller.subject, { action: 'UPDATE', resource: 'user' });
  const lifecycle = mayChangePerson(caller, record) ? lifecycleOf(record.state) : null;
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

const Actions = ({ onInvite, mayInvite }: { onInvite: () => void; mayInvite: boolean }) => {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      {mayInvite ? (
        <Button label={translate('access.invite.button')} onClick={onInvite} variant="contained">
          <PersonAddIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
};

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
  const onLifecycle = async (person: UserRow, action: Lifecycle) => {
    const path = `/user/${encodeURIComponent(String(person.id))}`;
    const outcome = await confirm({
      action: translate(`access.people.${action}`),
      item: person.name || person.email,
      run: () =>
        action === 'resend'
          ? http(`${path}/invitation/resend`, { method: 'POST' })
          : http(`${path}/state`, {
              method: 'PATCH',
              body: { state: action === 'disable' ? 'DISABLE' : 'ENABLE' },
            }),
    });
    // the state chip (or, after a refused switch, whatever the state really is now)
    if (outcome.status !== 'cancelled') refresh();
  };
  const showCompany = caller.isOperator && type === 'MERCHANT';
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
              <DataTable.Col source="companyId" label="access.people.company" disableSort>
                <ReferenceField source="companyId" reference="company" link={false} emptyText="—" />
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
