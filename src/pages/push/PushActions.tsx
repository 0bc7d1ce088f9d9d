// A push's page's toolbar (PushShow.tsx): back to the list, Edit while PENDING, and Schedule or Cancel
// where the declared arrows allow them, each confirmed and sent under an Idempotency-Key.
import ArrowBack from '@mui/icons-material/ArrowBack';
import CancelScheduleSendOutlined from '@mui/icons-material/CancelScheduleSendOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import { Box, Button } from '@mui/material';
import { useRef } from 'react';
import {
  type RaRecord,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { push } from '../../../resources';
import { actionsFrom } from '../../../resources/transitions';
import { useRole } from '../../builders/buttons';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useHttpClient } from '../../components/HttpClientContext';
import { isApiError } from '../../providers/httpClient';
import { outsideBrand, type PushOperation, pushStateOf, runPushOperation, useBrandLimit } from './api';

const K = 'pushPages.show';

/**
 * Schedule or Cancel: the spec's confirm, then the operation under an Idempotency-Key. A request that
 * got no answer (the network failed) goes again under the same key, so it cannot happen twice.
 */
const OperationButton = ({ record, operation }: { record: RaRecord; operation: PushOperation }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const { confirm, confirmDialog } = useConfirmAction();
  const unanswered = useRef<string | null>(null);
  const label = translate(`resources.push.actions.${operation}`);
  const onClick = async () => {
    const outcome = await confirm({
      action: label,
      item: String(record.title ?? `#${String(record.id)}`),
      run: async () => {
        const key = unanswered.current ?? crypto.randomUUID();
        unanswered.current = null;
        try {
          return await runPushOperation(http, record.id, operation, key);
        } catch (error) {
          if (!(isApiError(error) && error.response !== undefined)) unanswered.current = key;
          throw error;
        }
      },
    });
    if (outcome.status === 'success') refresh();
  };
  return (
    <>
      <Button
        variant={operation === 'schedule' ? 'contained' : 'outlined'}
        color={operation === 'schedule' ? 'primary' : 'warning'}
        startIcon={operation === 'schedule' ? <ScheduleSendOutlined /> : <CancelScheduleSendOutlined />}
        onClick={onClick}
      >
        {label}
      </Button>
      {confirmDialog}
    </>
  );
};

export const PushActions = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const record = useRecordContext<RaRecord>();
  const { canAccess: mayUpdate } = useCanAccess({ action: 'edit', resource: push.name });
  const brandLimit = useBrandLimit();
  const state = pushStateOf(record?.state);
  const started = record?.startedAt !== null && record?.startedAt !== undefined;
  const mine = record !== undefined && !outsideBrand(record, brandLimit);
  const role = useRole();
  // the declared arrows the caller may take from here (resources/tables/push.ts)
  const offered = new Set(
    record && role && mayUpdate ? actionsFrom(push, 'state', record.state, role).map((a) => a.name) : [],
  );
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={push.route ?? '/'} startIcon={<ArrowBack />}>
        {translate(`${K}.back_to_list`)}
      </Button>
      <Box sx={{ flex: 1 }} />
      {record && mayUpdate && state === 'PENDING' ? (
        <>
          <Button
            component={RouterLink}
            to={createPath({ resource: push.name, id: record.id, type: 'edit' })}
            startIcon={<EditOutlined />}
          >
            {translate('ra.action.edit')}
          </Button>
          {mine && offered.has('schedule') ? <OperationButton record={record} operation="schedule" /> : null}
        </>
      ) : null}
      {record && offered.has('cancel') && !started ? (
        <OperationButton record={record} operation="cancel" />
      ) : null}
    </TopToolbar>
  );
};
