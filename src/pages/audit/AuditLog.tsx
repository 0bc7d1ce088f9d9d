// The audit log (operators, /config/audit-log): the declared `auditLog` list with filters on user,
// resource, action and time, and a show view with before and after side by side, changed keys first.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  FormControlLabel,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DataTable,
  FilterButton,
  List,
  NumberField,
  NumberInput,
  type RaRecord,
  SearchInput,
  Show,
  type ShowProps,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { type GeneratedListProps, ListAccess } from '../../builders/GeneratedList';
import { TimeInput } from '../../components/DatePickers';
import { LocalDateField } from '../../components/LocalDateField';
import { PlainTable } from '../../components/PlainTable';
import { useIsPhone } from '../../components/useIsPhone';
import { type ChangeKind, diffRecords, displayValue, stableJson } from './diff';

const auditFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="actorEmail" source="actorEmail" label="audit.user" alwaysOn />,
  <NumberInput key="actorId" source="actorId" label="audit.user_id" />,
  <TextInput key="resource" source="resource" label="audit.resource" alwaysOn />,
  <TextInput key="action" source="action" label="audit.action" alwaysOn />,
  <TextInput key="recordId" source="recordId" label="audit.record" />,
  <TimeInput key="createTime_gte" source="createTime_gte" label="audit.time_from" alwaysOn />,
  <TimeInput key="createTime_lte" source="createTime_lte" label="audit.time_to" alwaysOn />,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
  </TopToolbar>
);

export const AuditLogList = ({ storeKey, title, filter, disableSyncWithLocation }: GeneratedListProps) => {
  const phone = useIsPhone();
  return (
    <ListAccess resource="auditLog">
      <List
        resource="auditLog"
        disableAuthentication
        sort={{ field: 'createTime', order: 'DESC' }}
        filters={auditFilters}
        actions={<ListActions />}
        exporter={false}
        {...(filter ? { filter } : {})}
        {...(storeKey !== undefined ? { storeKey } : {})}
        {...(title !== undefined ? { title } : {})}
        {...(disableSyncWithLocation ? { disableSyncWithLocation } : {})}
      >
        {phone ? (
          <SimpleList
            rowClick="show"
            primaryText={(r: RaRecord) =>
              `${String(r.action ?? '')} · ${String(r.resource ?? '')} ${String(r.recordId ?? '')}`
            }
            secondaryText={
              <>
                <TextField source="actorEmail" /> · <LocalDateField source="createTime" showTime />
              </>
            }
          />
        ) : (
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="createTime" label="audit.time">
              <LocalDateField source="createTime" showTime />
            </DataTable.Col>
            <DataTable.Col source="actorEmail" label="audit.user" />
            <DataTable.Col source="action" label="audit.action" />
            <DataTable.Col source="resource" label="audit.resource" />
            <DataTable.Col source="recordId" label="audit.record" disableSort />
            <DataTable.Col source="companyId" label="audit.company" disableSort>
              <NumberField source="companyId" options={{ useGrouping: false }} emptyText="—" />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </ListAccess>
  );
};

const KIND_COLORS: Record<ChangeKind, 'success' | 'error' | 'warning' | 'default'> = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  unchanged: 'default',
};

const KIND_LABELS: Partial<Record<ChangeKind, string>> = { added: 'audit.created', removed: 'audit.removed' };

const Value = ({ value, tone }: { value: unknown; tone: 'before' | 'after' | 'plain' }) => {
  const translate = useTranslate();
  const text = displayValue(value);
  return (
    <Box
      component="span"
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        px: 0.5,
        borderRadius: 0.5,
        ...(tone === 'before' && text ? { bgcolor: 'rgba(244, 67, 54, 0.16)' } : {}),
        ...(tone === 'after' && text ? { bgcolor: 'rgba(76, 175, 80, 0.18)' } : {}),
        ...(text ? {} : { color: 'text.disabled', fontStyle: 'italic', fontFamily: 'inherit' }),
      }}
    >
      {text || translate('audit.empty_value')}
    </Box>
  );
};

/** before | after, one row per key; changed keys first, unchanged ones behind a switch. */
export const AuditDiff = () => {
  const record = useRecordContext<{ before?: unknown; after?: unknown }>();
  const translate = useTranslate();
  const [showUnchanged, setShowUnchanged] = useState(false);
  if (!record) return null;
  const changes = diffRecords(record.before, record.after);
  const changed = changes.filter((c) => c.kind !== 'unchanged');
  const unchanged = changes.filter((c) => c.kind === 'unchanged');
  const rows = showUnchanged ? [...changed, ...unchanged] : changed;
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {translate('audit.changes')}
        </Typography>
        {unchanged.length > 0 ? (
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={showUnchanged}
                onChange={(e) => setShowUnchanged(e.target.checked)}
              />
            }
            label={translate('audit.unchanged', { count: unchanged.length })}
          />
        ) : null}
      </Box>
      {changed.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('audit.no_changes')}
        </Typography>
      ) : null}
      {rows.length > 0 ? (
        <PlainTable
          label={translate('audit.changes')}
          frame="card"
          rows={rows}
          rowKey={(c) => c.key}
          rowProps={(c) => ({ 'data-testid': `diff-${c.key}`, 'data-kind': c.kind })}
          columns={[
            {
              label: translate('audit.field'),
              headSx: { width: '20%' },
              rowHeader: true,
              render: (c) => (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {c.key}
                  </Box>
                  {(c.kind === 'added' && record.before != null) || c.kind === 'removed' ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={KIND_COLORS[c.kind]}
                      label={translate(KIND_LABELS[c.kind] ?? '')}
                    />
                  ) : null}
                </Box>
              ),
            },
            {
              label: translate('audit.before'),
              headSx: { width: '40%' },
              render: (c) =>
                c.kind === 'added' ? null : (
                  <Value value={c.before} tone={c.kind === 'unchanged' ? 'plain' : 'before'} />
                ),
            },
            {
              label: translate('audit.after'),
              headSx: { width: '40%' },
              render: (c) =>
                c.kind === 'removed' ? null : (
                  <Value value={c.after} tone={c.kind === 'unchanged' ? 'plain' : 'after'} />
                ),
            },
          ]}
        />
      ) : null}
      <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="body2">{translate('audit.raw')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            {(['before', 'after'] as const).map((side) => (
              <Box key={side}>
                <Typography variant="subtitle2">{translate(`audit.${side}`)}</Typography>
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    p: 1,
                    fontSize: '0.75rem',
                    overflow: 'auto',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                  }}
                >
                  {record[side] == null
                    ? 'null'
                    : JSON.stringify(JSON.parse(stableJson(record[side])), null, 2)}
                </Box>
              </Box>
            ))}
          </Box>
        </AccordionDetails>
      </Accordion>
    </Box>
  );
};

const ShowActions = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <TopToolbar>
      <Button label={translate('audit.back')} onClick={() => redirect('/config/audit-log')}>
        <ArrowBackIcon />
      </Button>
    </TopToolbar>
  );
};

export const AuditLogShow = (props: Partial<ShowProps>) => (
  <Show resource="auditLog" actions={<ShowActions />} {...props}>
    <SimpleShowLayout>
      <LocalDateField source="createTime" label="audit.time" showTime />
      <TextField source="actorEmail" label="audit.user" />
      <NumberField source="actorId" label="audit.user_id" options={{ useGrouping: false }} />
      <TextField source="action" label="audit.action" />
      <TextField source="resource" label="audit.resource" />
      <TextField source="recordId" label="audit.record" emptyText="—" />
      <NumberField source="companyId" label="audit.company" options={{ useGrouping: false }} emptyText="—" />
      <AuditDiff />
    </SimpleShowLayout>
  </Show>
);
