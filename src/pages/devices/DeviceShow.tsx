// One device (replaces the generated devices show view, src/pages/resources/overrides.ts): its fields,
// its lifecycle as a chip and as steps, and the lifecycle operations the caller may run from where the
// device is (operators: Register / Registration failed, Deliver, Activate, Spoil, Deregister; merchants:
// Deregister of their own), each behind the spec's 'Confirm to {action} - {serial}?', sent with an
// Idempotency-Key, reported as Hint / Error, a refusal kept on the page with the server's message.
// Register answers the device's secret once: it is shown in a dialog until the user closes it.
import ArrowBack from '@mui/icons-material/ArrowBack';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import { Box, Button, type ButtonProps, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import { type ReactElement, useContext, useState } from 'react';
import {
  EditButton,
  type RaRecord,
  ReferenceField,
  Show,
  type ShowProps,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { devices } from '../../../resources';
import { EmbeddedNavigationContext } from '../../builders/buttons';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { text } from '../../components/money';
import { Detail, DetailList, StoreName } from '../../components/operations/details';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { useCaller } from '../../components/useCaller';
import { devicesEn } from '../../i18n/devices.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { useDeviceAccess } from './access';
import { type DeviceOperation, type DeviceRow, runDeviceOperation } from './api';
import { DeviceFailureAlert, isLifecycle, LifecycleChip, LifecycleSteps, SecretDialog } from './parts';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(devicesEn);

const K = 'devicePages';
const F = 'resources.devices.fields';

const LOOKS: Readonly<
  Record<
    DeviceOperation,
    { icon: ReactElement; variant: ButtonProps['variant']; color: ButtonProps['color'] }
  >
> = {
  register: { icon: <HowToRegOutlined />, variant: 'contained', color: 'primary' },
  registerFailed: { icon: <ErrorOutlineOutlined />, variant: 'outlined', color: 'warning' },
  deliver: { icon: <LocalShippingOutlined />, variant: 'contained', color: 'primary' },
  activate: { icon: <PlayCircleOutlined />, variant: 'contained', color: 'primary' },
  spoil: { icon: <BlockOutlined />, variant: 'outlined', color: 'error' },
  deregister: { icon: <PowerSettingsNewOutlined />, variant: 'outlined', color: 'error' },
};

const DeviceActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const { canAccess: mayEdit } = useCanAccess({ action: 'edit', resource: devices.name });
  // inside the /DataTableEditView editor, which keeps its own URL
  const embedded = useContext(EmbeddedNavigationContext);
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center' }}>
      {embedded ? (
        <Button startIcon={<ArrowBack />} onClick={() => embedded.list()}>
          {translate(`${K}.back_to_list`)}
        </Button>
      ) : (
        <Button component={RouterLink} to={devices.route ?? '/'} startIcon={<ArrowBack />}>
          {translate(`${K}.back_to_list`)}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {/* name, model and store; the lifecycle moves only through the buttons on the page */}
      {mayEdit && embedded && record ? (
        <Button startIcon={<EditOutlined />} onClick={() => embedded.edit(record.id)}>
          {translate('ra.action.edit')}
        </Button>
      ) : mayEdit ? (
        <EditButton />
      ) : null}
    </TopToolbar>
  );
};

/** The lifecycle buttons the caller may use now, the refusal of the last one, and the secret once. */
const LifecycleOperations = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const { caller } = useCaller();
  const { operationsFor } = useDeviceAccess();
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  const [secret, setSecret] = useState<string | null>(null);
  const serialNo = String(record.serialNo ?? `#${String(record.id)}`);
  const operations = operationsFor({ lifecycle: record.lifecycle, companyId: record.companyId });
  const lifecycle = isLifecycle(record.lifecycle) ? record.lifecycle : null;
  const hasStore = typeof record.storeId === 'number';

  const operate = async (operation: DeviceOperation) => {
    const outcome = await run<DeviceRow>({
      action: translate(`resources.devices.actions.${operation}`),
      item: serialNo,
      request: `${operation} ${String(record.id)}`,
      send: (key) => runDeviceOperation(http, record.id, operation, key),
    });
    if (outcome.status === 'cancelled') return;
    // either way the device may have moved (a refusal: someone else moved it meanwhile)
    refresh();
    if (outcome.status === 'success' && typeof outcome.result.secret === 'string')
      setSecret(outcome.result.secret);
  };

  // what comes next: operators read the next arrow; merchants, who only deregister, read what an
  // operator still does (or that the device's life has ended)
  const note =
    lifecycle === null
      ? null
      : caller?.isOperator || lifecycle === 'ACTIVE' || lifecycle === 'SPOILT' || lifecycle === 'DEREGISTERED'
        ? translate(`${K}.next.${lifecycle}`)
        : translate(`${K}.merchant_waiting`);

  return (
    <Box component="section" aria-label={translate(`${K}.lifecycle`)} sx={{ mb: 3 }}>
      <DeviceFailureAlert failure={failure} onClose={clearFailure} />
      {note ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: operations.length > 0 ? 1.5 : 0 }}>
          {note}
        </Typography>
      ) : null}
      {operations.length > 0 ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {operations.map((operation) => {
            const look = LOOKS[operation];
            const blocked = operation === 'activate' && !hasStore;
            const button = (
              <Button
                key={operation}
                variant={look.variant}
                color={look.color}
                startIcon={look.icon}
                disabled={blocked}
                onClick={() => void operate(operation)}
              >
                {translate(`${K}.buttons.${operation}`)}
              </Button>
            );
            return blocked ? (
              <Tooltip key={operation} title={translate(`${K}.activate_needs_store`)}>
                <span>{button}</span>
              </Tooltip>
            ) : (
              button
            );
          })}
        </Stack>
      ) : null}
      {operations.includes('activate') && !hasStore ? (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {translate(`${K}.activate_needs_store`)}
        </Typography>
      ) : null}
      {confirmDialog}
      <SecretDialog serialNo={serialNo} secret={secret} onClose={() => setSecret(null)} />
    </Box>
  );
};

const CompanyName = () => {
  const { canAccess } = useCanAccess({ action: 'list', resource: 'company' });
  const record = useRecordContext<RaRecord>();
  if (typeof record?.companyId !== 'number') return <>—</>;
  if (!canAccess) return <>{`#${record.companyId}`}</>;
  return (
    <ReferenceField source="companyId" reference="company" link="show">
      <TextField source="name" />
    </ReferenceField>
  );
};

const DeviceCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const { caller } = useCaller();
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography
            component="h1"
            variant="h5"
            sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 0.5, overflowWrap: 'anywhere' }}
          >
            {text(record.serialNo)}
          </Typography>
          <LifecycleChip lifecycle={record.lifecycle} />
        </Stack>
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
          {[record.name, record.model].filter((v) => typeof v === 'string' && v !== '').join(' · ') ||
            translate(`${K}.no_name`)}
        </Typography>
        <LifecycleSteps lifecycle={record.lifecycle} />
        <LifecycleOperations record={record} />
        <DetailList>
          <Detail label={translate(`${F}.serialNo`)}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {text(record.serialNo)}
            </Box>
          </Detail>
          <Detail label={translate(`${F}.name`)}>{text(record.name)}</Detail>
          <Detail label={translate(`${F}.model`)}>{text(record.model)}</Detail>
          <Detail label={translate(`${F}.storeId`)}>
            <StoreName storeId={typeof record.storeId === 'number' ? record.storeId : null} />
          </Detail>
          <Detail label={translate(`${F}.lifecycle`)}>
            {isLifecycle(record.lifecycle)
              ? translate(`resources.devices.choices.lifecycle.${record.lifecycle}`)
              : text(record.lifecycle)}
          </Detail>
          <Detail label={translate(`${F}.firmwareVersion`)}>{text(record.firmwareVersion)}</Detail>
          <Detail label={translate(`${F}.lastSeenAt`)}>{dateTime(record.lastSeenAt)}</Detail>
          {caller?.isOperator ? (
            <Detail label={translate(`${F}.companyId`)}>
              <CompanyName />
            </Detail>
          ) : null}
          <Detail label={translate(`${F}.id`)}>{String(record.id)}</Detail>
          <Detail label={translate(`${F}.createTime`)}>{dateTime(record.createTime)}</Detail>
          <Detail label={translate(`${F}.updateTime`)}>{dateTime(record.updateTime)}</Detail>
        </DetailList>
      </CardContent>
    </Card>
  );
};

const DevicePage = () => {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  // keyed: another device's page starts without the last one's refusal or secret
  return <DeviceCard key={String(record.id)} record={record} />;
};

/** react-admin's show view of devices (registered through src/pages/resources/overrides.ts). */
export const DeviceShow = (props: Partial<ShowProps>) => (
  <Show resource={devices.name} actions={<DeviceActions />} component={Box} {...props}>
    <DevicePage />
  </Show>
);
