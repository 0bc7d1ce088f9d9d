// /config/scheduledExports (issue 27 item 4, docs/api.md "Scheduled exports"): the scheduled exports
// the caller sees (GET /scheduled-exports: their own; a company owner's, the company's; an operator's,
// all), each with its list, how often, to whom, its state, its next and last run, and Stop while it
// is ACTIVE. A table on a desktop, a card per schedule on a phone. New ones are made from a list's
// Schedule button, beside Export.
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ScheduledExport } from '../../../contract/scheduled-exports';
import { RESOURCES } from '../../../resources';
import { resourceLabelKey } from '../../builders/declarations';
import { useSortWords } from '../../builders/ScheduleExport';
import { apiErrorLines } from '../../components/apiError';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { EmptyState, PageFrame } from '../../components/PageFrame';
import { PlainTable } from '../../components/PlainTable';
import { useIsPhone } from '../../components/useIsPhone';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { scheduledExportsEn } from '../../i18n/scheduledExports.en';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(scheduledExportsEn);

const K = 'scheduled_exports';
const PATH = '/scheduled-exports';

const StateChip = ({ state }: { state: ScheduledExport['state'] }) => {
  const translate = useTranslate();
  const color = state === 'ACTIVE' ? 'success' : state === 'FAILED' ? 'error' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={translate(`${K}.states.${state}`)} />;
};

/** A schedule's list by its label ("Brands"), its name when no declaration has it. */
const useListName = () => {
  const translate = useTranslate();
  return (resource: string) => {
    const decl = RESOURCES.find((d) => d.name === resource);
    return decl ? translate(resourceLabelKey(decl), { smart_count: 2 }) : resource;
  };
};

interface RowProps {
  row: ScheduledExport;
  onStop: (row: ScheduledExport) => void;
}

/** The last run in words: when, and how it went. */
const useLastRun = () => {
  const translate = useTranslate();
  const dates = useDates();
  return (row: ScheduledExport): string =>
    row.lastRunAt === null
      ? translate(`${K}.never`)
      : row.lastResult === 'SENT'
        ? translate(`${K}.sent`, { at: dates.dateTime(row.lastRunAt), smart_count: row.lastRows ?? 0 })
        : translate(`${K}.failed_at`, { at: dates.dateTime(row.lastRunAt) });
};

const StopButton = ({ row, onStop }: RowProps) => {
  const translate = useTranslate();
  return row.state === 'ACTIVE' ? (
    <Button size="small" color="error" variant="outlined" onClick={() => onStop(row)}>
      {translate(`${K}.stop`)}
    </Button>
  ) : null;
};

const Filters = ({ row }: { row: ScheduledExport }) => {
  const translate = useTranslate();
  const sortWords = useSortWords(row.resource);
  const n = row.filter.length + (row.search ? 1 : 0);
  return (
    <>
      {n === 0 ? translate(`${K}.every_row`) : translate(`${K}.filters`, { smart_count: n })}
      {row.sort[0] ? ` · ${translate('builders.schedule.sorted', { sort: sortWords(row.sort[0]) })}` : ''}
    </>
  );
};

const PhoneCards = ({ rows, onStop }: { rows: ScheduledExport[]; onStop: RowProps['onStop'] }) => {
  const translate = useTranslate();
  const dates = useDates();
  const listName = useListName();
  const lastRun = useLastRun();
  return (
    <Stack spacing={1.5}>
      {rows.map((row) => (
        <Card key={row.id} variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h2">
                {listName(row.resource)}
              </Typography>
              <StateChip state={row.state} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {translate(`${K}.every_${row.every}`)} · <Filters row={row} />
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
              {row.to.join(', ')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {row.state === 'ACTIVE' ? `${translate(`${K}.next`)}: ${dates.dateTime(row.nextRunAt)} · ` : ''}
              {lastRun(row)}
            </Typography>
            {row.lastMessage ? (
              <Typography variant="body2" color={row.state === 'FAILED' ? 'error' : 'text.secondary'}>
                {row.lastMessage}
              </Typography>
            ) : null}
            {row.createdByEmail ? (
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {translate(`${K}.by`, { email: row.createdByEmail })}
              </Typography>
            ) : null}
            <Box sx={{ mt: 1 }}>
              <StopButton row={row} onStop={onStop} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};

const DesktopTable = ({ rows, onStop }: { rows: ScheduledExport[]; onStop: RowProps['onStop'] }) => {
  const translate = useTranslate();
  const dates = useDates();
  const listName = useListName();
  const lastRun = useLastRun();
  const column = (name: string) => translate(`${K}.columns.${name}`);
  return (
    <PlainTable
      label={translate('common.screens.scheduled_exports')}
      frame="card"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        {
          label: column('list'),
          render: (row) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {listName(row.resource)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <Filters row={row} />
              </Typography>
            </>
          ),
        },
        { label: column('every'), render: (row) => translate(`${K}.every_${row.every}`) },
        {
          label: column('to'),
          sx: { maxWidth: 260, overflowWrap: 'anywhere' },
          render: (row) => row.to.join(', '),
        },
        { label: column('state'), render: (row) => <StateChip state={row.state} /> },
        {
          label: column('next'),
          render: (row) => (row.state === 'ACTIVE' ? dates.dateTime(row.nextRunAt) : '—'),
        },
        {
          label: column('last'),
          sx: { maxWidth: 280 },
          render: (row) => (
            <>
              {lastRun(row)}
              {row.lastMessage ? (
                <Typography
                  variant="caption"
                  sx={{ display: 'block' }}
                  color={row.state === 'FAILED' ? 'error' : 'text.secondary'}
                >
                  {row.lastMessage}
                </Typography>
              ) : null}
            </>
          ),
        },
        { label: column('by'), sx: { overflowWrap: 'anywhere' }, render: (row) => row.createdByEmail ?? '—' },
        { label: column('actions'), render: (row) => <StopButton row={row} onStop={onStop} /> },
      ]}
    />
  );
};

export const ScheduledExportsPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const phone = useIsPhone();
  const listName = useListName();
  const { confirm, confirmDialog } = useConfirmAction();
  const [version, setVersion] = useState(0);
  const loaded = useLoadable<ScheduledExport[]>({
    key: `scheduled-exports:${version}`,
    load: async (client) => (await client<ScheduledExport[]>(PATH)).data,
  });
  const onStop = async (row: ScheduledExport) => {
    const outcome = await confirm({
      action: translate(`${K}.stop`),
      item: `${listName(row.resource)} → ${row.to.join(', ')}`,
      run: () => http(`${PATH}/${row.id}/stop`, { method: 'POST' }),
    });
    if (outcome.status === 'success' || outcome.status === 'failed') setVersion((v) => v + 1);
  };
  return (
    <PageFrame
      title={translate('common.screens.scheduled_exports')}
      intro={translate(`${K}.intro`)}
      maxWidth="none"
    >
      {loaded.status === 'error' ? (
        <Alert severity="error">{apiErrorLines(loaded.error).join(' ')}</Alert>
      ) : loaded.status !== 'ready' ? (
        <Typography role="status">{translate('ra.page.loading')}</Typography>
      ) : loaded.data.length === 0 ? (
        <EmptyState title={translate(`${K}.empty`)} body={translate(`${K}.empty_body`)} />
      ) : phone ? (
        <PhoneCards rows={loaded.data} onStop={onStop} />
      ) : (
        <DesktopTable rows={loaded.data} onStop={onStop} />
      )}
      {confirmDialog}
    </PageFrame>
  );
};
