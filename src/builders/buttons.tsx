// The buttons of the generated screens. Each one shows only when the declaration's roles and the
// permission rule allow it (through the auth provider's canAccess, see access.ts); named transitions
// ask 'Confirm to {action} - {item}?' first and then report 'Hint'/'Error' like every other action.
import AddIcon from '@mui/icons-material/Add';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import ChangeCircleOutlined from '@mui/icons-material/ChangeCircleOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { Button as MuiButton } from '@mui/material';
import { createContext, type ReactNode, useContext, useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  CreateButton,
  DeleteButton,
  EditButton,
  FilterButton,
  type Identifier,
  type RaRecord,
  SaveButton,
  ShowButton,
  Toolbar,
  TopToolbar,
  useAuthProvider,
  useCanAccess,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import type { Role } from '../../contract/claims';
import type { ActionDeclaration } from '../../resources/types';
import { useConfirmAction } from '../components/ConfirmActionDialog';
import { useHttpClient } from '../components/HttpClientContext';
import type { ResourceDeclaration } from './declarations';
import { resourceLabelKey } from './declarations';
import { downloadExport } from './exportCsv';
import { ScheduleExportButton } from './ScheduleExport';
import { listRedirectOf } from './specRoute';

/**
 * Set by a page that embeds the generated screens (the /DataTableEditView editor) and keeps its own
 * URL: the buttons then call these instead of going to react-admin's /<resource>/… routes.
 */
export interface EmbeddedNavigation {
  show: (id: Identifier) => void;
  edit: (id: Identifier) => void;
  list: () => void;
}
export const EmbeddedNavigationContext = createContext<EmbeddedNavigation | null>(null);

const actionLabelKey = (decl: ResourceDeclaration, action: ActionDeclaration) =>
  action.label ?? `resources.${decl.name}.actions.${action.name}`;

/** The caller's role, as the permissions say it (the builder's one way of telling operators apart). */
export const useRole = (): Role | undefined => {
  const { permissions } = usePermissions<{ role?: Role } | null>();
  return permissions?.role ?? undefined;
};

/** May the user run `action` (its roles, plus UPDATE on the resource, or on the action's own permission)? */
const useMayRun = (decl: ResourceDeclaration, action: ActionDeclaration): boolean => {
  const role = useRole();
  const { canAccess } = useCanAccess(
    action.permission === undefined
      ? { action: 'edit', resource: decl.name }
      : { action: 'UPDATE', resource: action.permission },
  );
  return canAccess === true && role !== undefined && action.roles.includes(role);
};

/** The server's CSV of every row the list's filter and sort select (not one page, not the browser's). */
export const ExportCsvButton = ({ decl }: { decl: ResourceDeclaration }) => {
  const { filterValues, sort, total } = useListContext();
  const authProvider = useAuthProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadExport({ decl, filter: filterValues, sort, authProvider });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'builders.export.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={onClick} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
};

/** May the caller add a row of `decl` from its list? Never a ledger's: the operations alone write those. */
export const useMayCreate = (decl: ResourceDeclaration): boolean => {
  const { canAccess } = useCanAccess({ action: 'create', resource: decl.name });
  return canAccess === true && decl.ledger !== true;
};

export const ListActions = ({
  decl,
  onCreate,
  extra,
}: {
  decl: ResourceDeclaration;
  onCreate?: () => void;
  /** a screen's own buttons beside the list's (the members list's Import) */
  extra?: ReactNode;
}) => {
  const mayCreate = useMayCreate(decl);
  const { canAccess: mayExport } = useCanAccess({ action: 'export', resource: decl.name });
  return (
    <TopToolbar>
      <FilterButton />
      {mayCreate &&
        (onCreate ? (
          <Button label="ra.action.create" onClick={onCreate}>
            <AddIcon />
          </Button>
        ) : (
          <CreateButton resource={decl.name} {...(decl.createWith ? { label: decl.createWith.label } : {})} />
        ))}
      {mayExport && <ExportCsvButton decl={decl} />}
      {mayExport && <ScheduleExportButton decl={decl} />}
      {extra}
    </TopToolbar>
  );
};

const BulkTransitionButton = ({ decl, action }: { decl: ResourceDeclaration; action: ActionDeclaration }) => {
  const { selectedIds } = useListContext();
  const mayRun = useMayRun(decl, action);
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(decl.name);
  const { confirm, confirmDialog } = useConfirmAction();
  if (!mayRun) return null;
  const label = translate(actionLabelKey(decl, action));
  const onClick = async () => {
    const outcome = await confirm({
      action: label,
      item: `${selectedIds.length} ${translate(resourceLabelKey(decl), { smart_count: selectedIds.length })}`,
      run: () =>
        httpClient(`${decl.path}/actions/${action.name}`, {
          service: decl.service ?? 'main',
          method: 'POST',
          body: { ids: selectedIds },
        }),
    });
    if (outcome.status === 'success') {
      unselectAll();
      refresh();
    }
  };
  return (
    <>
      <Button label={label} onClick={onClick} />
      {confirmDialog}
    </>
  );
};

/**
 * The bulk buttons a list offers the caller: its declared bulk transitions, and Delete where the
 * caller may delete (never on a ledger). `any` is false when there is none: the list then shows no
 * row checkboxes, which would lead nowhere.
 */
export const useBulkActions = (decl: ResourceDeclaration) => {
  const { canAccess } = useCanAccess({ action: 'delete', resource: decl.name });
  const mayDelete = canAccess === true && decl.ledger !== true;
  const transitions = (decl.actions ?? []).filter((a) => a.bulk === true);
  return { mayDelete, transitions, any: decl.ledger !== true && (mayDelete || transitions.length > 0) };
};

export const ListBulkActions = ({ decl }: { decl: ResourceDeclaration }) => {
  const { mayDelete, transitions } = useBulkActions(decl);
  return (
    <>
      {transitions.map((action) => (
        <BulkTransitionButton key={action.name} decl={decl} action={action} />
      ))}
      {mayDelete && <BulkDeleteButton mutationMode="pessimistic" />}
    </>
  );
};

/** A state as its choice's name: a numeric select (a stamp card's state) carries its index. */
const choiceOf = (decl: ResourceDeclaration, name: string, value: unknown): unknown => {
  const field = decl.fields.find((f) => f.name === name);
  return field?.type === 'select' && field.numeric && typeof value === 'number'
    ? field.choices[value]
    : value;
};

/** A transition's icon by its name, so it reads like the buttons beside it; a generic one otherwise. */
const TRANSITION_ICONS: Record<string, typeof BlockOutlined> = {
  disable: BlockOutlined,
  enable: CheckCircleOutlined,
  activate: CheckCircleOutlined,
  schedule: ScheduleOutlined,
  cancel: CancelOutlined,
};

export type ActionSize = 'small' | 'medium';

/** One named transition on the current record, offered only from the states it leaves. */
const TransitionButton = ({
  decl,
  action,
  size,
}: {
  decl: ResourceDeclaration;
  action: ActionDeclaration;
  size: ActionSize;
}) => {
  const record = useRecordContext<RaRecord>();
  const mayRun = useMayRun(decl, action);
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const refresh = useRefresh();
  const { confirm, confirmDialog } = useConfirmAction();
  if (!record || !mayRun) return null;
  const current = choiceOf(decl, action.field, record[action.field]);
  if (!action.from.some((from) => from === current)) return null;
  const label = translate(actionLabelKey(decl, action));
  const id: Identifier = record.id;
  const onClick = async () => {
    const outcome = await confirm({
      action: label,
      item: String(record[decl.recordRepresentation] ?? id),
      run: () =>
        httpClient(`${decl.path}/${encodeURIComponent(String(id))}/${action.name}`, {
          service: decl.service ?? 'main',
          method: 'POST',
        }),
    });
    if (outcome.status === 'success') refresh();
  };
  const Icon = TRANSITION_ICONS[action.name] ?? ChangeCircleOutlined;
  return (
    <>
      <MuiButton size={size} startIcon={<Icon />} onClick={onClick}>
        {label}
      </MuiButton>
      {confirmDialog}
    </>
  );
};

/** The show page's actions: the named transitions and Edit. */
const ShowActions = ({ decl, size }: { decl: ResourceDeclaration; size: ActionSize }) => {
  const { canAccess } = useCanAccess({ action: 'edit', resource: decl.name });
  const mayEdit = canAccess === true && decl.ledger !== true;
  const embedded = useContext(EmbeddedNavigationContext);
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  return (
    <TopToolbar>
      {(decl.actions ?? []).map((action) => (
        <TransitionButton key={action.name} decl={decl} action={action} size={size} />
      ))}
      {mayEdit &&
        (embedded ? (
          <Button
            label={translate('ra.action.edit')}
            size={size}
            onClick={() => record && embedded.edit(record.id)}
          />
        ) : (
          <EditButton size={size} />
        ))}
    </TopToolbar>
  );
};

// The edit page's actions ask no access question: react-admin's Edit already required 'edit', and with
// a second 'edit' canAccess query in its actions the Edit page was seen to stay on "Loading" for good.
const EditActions = () => {
  const embedded = useContext(EmbeddedNavigationContext);
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  return (
    <TopToolbar>
      {embedded ? (
        <Button label={translate('ra.action.show')} onClick={() => record && embedded.show(record.id)} />
      ) : (
        <ShowButton />
      )}
    </TopToolbar>
  );
};

/**
 * The generated show or edit page's actions; `size` 'medium' beside a hand-made page's own buttons
 * (react-admin's default is 'small').
 */
export const DetailActions = ({
  decl,
  view,
  size = 'small',
}: {
  decl: ResourceDeclaration;
  view: 'show' | 'edit';
  size?: ActionSize;
}) => (view === 'show' ? <ShowActions decl={decl} size={size} /> : <EditActions />);

export const EditToolbar = ({ decl }: { decl: ResourceDeclaration }) => {
  const { canAccess } = useCanAccess({ action: 'delete', resource: decl.name });
  const mayDelete = canAccess === true && decl.ledger !== true;
  const embedded = useContext(EmbeddedNavigationContext);
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {mayDelete &&
        (embedded ? (
          <DeleteButton
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{ onSuccess: () => embedded.list() }}
          />
        ) : (
          <DeleteButton mutationMode="pessimistic" redirect={listRedirectOf(decl)} />
        ))}
    </Toolbar>
  );
};
