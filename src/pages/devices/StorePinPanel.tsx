// The store's "Stamping PIN" panel (beside the generated store show, src/pages/devices/StoreShow.tsx):
// whether the store has a PIN and since when, whether PIN stamping is locked after wrong PINs and until
// when (GET /stores/{id}/pin), and "Set PIN" / "Reset PIN" for operators and merchants of the store's
// company: the PIN typed twice, masked, checked here (4 to 8 digits, both the same), then the spec's
// confirm and POST /stores/{id}/pin {pin} with an Idempotency-Key. The PIN is never shown back: the
// form is dropped once saved, and the server answers only whether one is set.
import PasswordOutlined from '@mui/icons-material/PasswordOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { type RaRecord, TextInput, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { ERRORS } from '../../../contract/errors';
import type { PinStatus } from '../../../contract/stamping';
import { toApiErrorLike } from '../../components/apiError';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { Detail } from '../../components/operations/details';
import { OperationDialog } from '../../components/operations/OperationDialog';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { devicesEn } from '../../i18n/devices.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { useStorePinAccess } from './access';
import { PIN_MAX, PIN_MIN, pinRequestOf, setStorePin, usePinStatus } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(devicesEn);

const K = 'storePin';
const DIGITS = /^[0-9]*$/;
const BOUNDS = { min: PIN_MIN, max: PIN_MAX };

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first PIN: typed, digits only, 4 to 8 of them (each with its own message). */
const pinRule: Validator = (value: unknown) => {
  const pin = asText(value);
  if (pin === '') return `${K}.validation.required`;
  if (!DIGITS.test(pin)) return `${K}.validation.digits_only`;
  if (pin.length < PIN_MIN) return { message: `${K}.validation.too_short`, args: BOUNDS };
  if (pin.length > PIN_MAX) return { message: `${K}.validation.too_long`, args: BOUNDS };
  return undefined;
};

/** The second PIN: typed, and the same as the first. */
const repeatRule: Validator = (value: unknown, values: Record<string, unknown>) => {
  const repeat = asText(value);
  if (repeat === '') return `${K}.validation.repeat_required`;
  return repeat === asText(values.pin) ? undefined : `${K}.validation.mismatch`;
};

/** Codes that say "not yours": the store belongs to another company, or the caller may not change it. */
const DENIED = ERRORS.ACCESS_DENIED.code;
const UNAVAILABLE: readonly number[] = [ERRORS.NOT_FOUND.code, ERRORS.STORE_NOT_FOUND.code];

const PinDialog = ({
  record,
  pinSet,
  open,
  onClose,
  onSaved,
}: {
  record: RaRecord;
  pinSet: boolean;
  open: boolean;
  onClose: () => void;
  onSaved: (status: PinStatus) => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  // the code of the last refusal, to add what it means for this store (403 / not found)
  const refusedWith = useRef<number | undefined>(undefined);
  const [hint, setHint] = useState<string | null>(null);
  const close = () => {
    clearFailure();
    setHint(null);
    onClose();
  };
  const storeName = String(record.name ?? `#${String(record.id)}`);
  const which = pinSet ? 'reset' : 'set';
  return (
    <>
      <OperationDialog
        open={open}
        title={translate(`${K}.dialog.title_${which}`, { store: storeName })}
        submitLabel={translate(`${K}.dialog.submit`)}
        onClose={close}
        failure={failure}
        defaultValues={{ pin: '', repeat: '' }}
        onSubmit={async (values) => {
          const pin = asText(values.pin);
          setHint(null);
          const outcome = await run<PinStatus>({
            action: translate(`${K}.actions.${which}`),
            item: storeName,
            request: pinRequestOf(record.id, pin),
            send: async (key) => {
              try {
                return await setStorePin(http, record.id, pin, key);
              } catch (error) {
                refusedWith.current = toApiErrorLike(error).code;
                throw error;
              }
            },
          });
          if (outcome.status === 'success') {
            close();
            onSaved(outcome.result);
            return undefined;
          }
          if (outcome.status === 'failed') {
            const code = refusedWith.current;
            if (code === DENIED) setHint(translate(`${K}.denied`));
            else if (code !== undefined && UNAVAILABLE.includes(code)) setHint(translate(`${K}.unavailable`));
          }
          return undefined;
        }}
      >
        {hint ? (
          <Alert severity="info" variant="outlined" role="status" sx={{ mb: 2 }}>
            {hint}
          </Alert>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(pinSet ? `${K}.dialog.reset_intro` : `${K}.dialog.intro`, BOUNDS)}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextInput
            source="pin"
            type="password"
            label={translate(`${K}.dialog.pin`)}
            validate={pinRule}
            helperText={translate(`${K}.dialog.pin_help`, BOUNDS)}
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'new-password', maxLength: 16 },
            }}
            autoFocus
          />
          <TextInput
            source="repeat"
            type="password"
            label={translate(`${K}.dialog.repeat`)}
            validate={repeatRule}
            helperText={translate(`${K}.dialog.repeat_help`)}
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'new-password', maxLength: 16 },
            }}
          />
        </Box>
      </OperationDialog>
      {confirmDialog}
    </>
  );
};

/** Why the PIN settings cannot be shown: not the caller's store, not allowed, or another failure. */
const LoadProblem = ({ error }: { error: unknown }) => {
  const translate = useTranslate();
  const e = toApiErrorLike(error);
  const message =
    e.code === DENIED
      ? translate(`${K}.denied`)
      : e.code !== undefined && UNAVAILABLE.includes(e.code)
        ? translate(`${K}.unavailable`)
        : `${translate(`${K}.load_failed`)} ${e.message}`.trim();
  return (
    <Alert severity={e.code === DENIED ? 'info' : 'warning'} variant="outlined">
      {message}
    </Alert>
  );
};

const Status = ({ status }: { status: PinStatus }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const locked =
    status.lockedUntil !== null && !Number.isNaN(Date.parse(status.lockedUntil))
      ? Date.parse(status.lockedUntil) > Date.now()
      : false;
  return (
    <Stack spacing={1.5}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        <Detail label={translate(`${K}.status`)}>
          <Chip
            size="small"
            color={status.pinSet ? 'success' : 'default'}
            variant={status.pinSet ? 'filled' : 'outlined'}
            label={translate(status.pinSet ? `${K}.set` : `${K}.not_set`)}
          />
        </Detail>
        {status.pinSet ? (
          <Detail label={translate(`${K}.set_at`)}>
            <Box component="time" dateTime={status.setAt ?? undefined}>
              {dateTime(status.setAt)}
            </Box>
          </Detail>
        ) : null}
        <Detail label={translate(`${K}.lock`)}>
          {locked ? (
            <Chip size="small" color="warning" label={translate(`${K}.locked`)} />
          ) : (
            translate(`${K}.not_locked`)
          )}
        </Detail>
      </Box>
      {!status.pinSet ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.not_set_help`)}
        </Typography>
      ) : null}
      {locked ? (
        <Alert severity="warning" variant="outlined">
          {translate(`${K}.locked_until`, { until: dateTime(status.lockedUntil) })}
        </Alert>
      ) : null}
    </Stack>
  );
};

/** The panel; inside a store's show view (its record context). */
export const StorePinPanel = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const { mayChange } = useStorePinAccess();
  const { state, replace, reload } = usePinStatus(record?.id);
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const title = translate(`${K}.title`);
  const pinSet = state.status === 'ready' && state.data.pinSet;
  return (
    <Card
      // the look of the generated show's card beside it
      component="section"
      aria-label={title}
      sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, alignSelf: 'flex-start' }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <PasswordOutlined color="action" />
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${K}.intro`)}
        </Typography>
        {state.status === 'error' ? (
          <LoadProblem error={state.error} />
        ) : state.status === 'ready' ? (
          <Status status={state.data} />
        ) : (
          <LinearProgress aria-label={translate(`${K}.loading`)} />
        )}
        {state.status === 'ready' && mayChange(record.companyId) ? (
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
            {translate(pinSet ? `${K}.reset_button` : `${K}.set_button`)}
          </Button>
        ) : null}
      </CardContent>
      <PinDialog
        record={record}
        pinSet={pinSet}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(status) => {
          replace(status);
          // and as the server keeps it now (its clock, a lock another till may have caused meanwhile)
          reload();
        }}
      />
    </Card>
  );
};
