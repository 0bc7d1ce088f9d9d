// A push's deliveries (PushShow.tsx; GET /push-deliveries?filter=pushId): each member's message as it
// was filled in and sent, its state and time; a table on wide screens, a list on phones.
import { Box, Card, CardContent, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  DataTable,
  Pagination,
  type RaRecord,
  ReferenceManyField,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { pushDeliveries } from '../../../resources/tables/pushDeliveries';
import { useDates } from '../../components/dates';
import { DeliveryStateChip } from './parts';

const K = 'pushPages.show';

const MessageAsSent = ({ row }: { row: RaRecord }) => (
  <Box sx={{ minWidth: 200, maxWidth: 420 }}>
    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {String(row.title ?? '')}
    </Typography>
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {String(row.body ?? '')}
    </Typography>
  </Box>
);

/** The deliveries as a table (wide screens), scrolling sideways inside its card when it must. */
const D = 'resources.pushDeliveries.fields';

const DeliveryTable = () => {
  const translate = useTranslate();
  const { dateTime: when } = useDates();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          source="memberMobile"
          label={translate(`${D}.memberMobile`)}
          render={(r: RaRecord) => (
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {String(r.memberMobile ?? '')}
            </Typography>
          )}
        />
        <DataTable.Col
          source="state"
          label={translate(`${D}.state`)}
          render={(r: RaRecord) => (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <DeliveryStateChip state={r.state} />
              {r.error ? (
                <Typography variant="caption" color="error">
                  {String(r.error)}
                </Typography>
              ) : null}
            </Stack>
          )}
        />
        <DataTable.Col
          source="title"
          label={translate(`${K}.message`)}
          disableSort
          render={(r: RaRecord) => <MessageAsSent row={r} />}
        />
        <DataTable.Col source="provider" label={translate(`${D}.provider`)} disableSort />
        <DataTable.Col
          source="at"
          label={translate(`${D}.at`)}
          render={(r: RaRecord) => <Box sx={{ whiteSpace: 'nowrap' }}>{when(r.at)}</Box>}
        />
      </DataTable>
    </Box>
  );
};

/** The deliveries as a list (phones): the member, the state and the time, the message under them. */
const DeliveryItems = () => {
  const { dateTime: when } = useDates();
  const { data } = useListContext<RaRecord>();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {(data ?? []).map((row) => (
        <Box component="li" key={row.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {String(row.memberMobile ?? '')}
            </Typography>
            <DeliveryStateChip state={row.state} />
          </Stack>
          <MessageAsSent row={row} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {`${when(row.at)} · ${String(row.provider ?? '')}`}
          </Typography>
          {row.error ? (
            <Typography variant="caption" color="error" sx={{ display: 'block' }}>
              {String(row.error)}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
};

export const Deliveries = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: pushDeliveries.name });
  if (isPending || !canAccess) return null;
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3 }}
      component="section"
      aria-label={translate(`${K}.deliveries`)}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${K}.deliveries`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${K}.deliveries_hint`)}
        </Typography>
        <ReferenceManyField
          record={record}
          reference={pushDeliveries.name}
          target="pushId"
          sort={{ field: 'at', order: 'DESC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {translate(`${K}.no_deliveries`)}
            </Typography>
          }
        >
          {small ? <DeliveryItems /> : <DeliveryTable />}
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
};
