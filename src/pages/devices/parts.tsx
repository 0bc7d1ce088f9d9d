// Small pieces of the device page: the lifecycle as a chip and as steps, a refused operation with the
// server's message, and the dialog that shows a new device secret once.
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  type ChipProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DEVICE_LIFECYCLE, type DeviceLifecycle } from '../../../contract/enums';
import { ChoiceChip } from '../../components/ChoiceChip';
import type { OperationFailure } from '../../components/operations/failure';
import { devicesEn } from '../../i18n/devices.en';
import { addEnglishMessages } from '../../i18n/lateMessages';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(devicesEn);

const LIFECYCLE_COLORS: Record<DeviceLifecycle, ChipProps['color']> = {
  APPROVED: 'default',
  REGISTERED: 'info',
  REGISTER_FAILED: 'error',
  DELIVERED: 'secondary',
  ACTIVE: 'success',
  SPOILT: 'error',
  DEREGISTERED: 'default',
};

export const isLifecycle = (value: unknown): value is DeviceLifecycle =>
  typeof value === 'string' && (DEVICE_LIFECYCLE as readonly string[]).includes(value);

/** A device's lifecycle as a coloured chip; the ended ones (spoilt, deregistered) outlined. */
export const LifecycleChip = ({ lifecycle }: { lifecycle: unknown }) => {
  const value = isLifecycle(lifecycle) ? lifecycle : null;
  const ended = value === 'SPOILT' || value === 'DEREGISTERED';
  return (
    <ChoiceChip
      value={value}
      colors={LIFECYCLE_COLORS}
      labels="resources.devices.choices.lifecycle"
      variant={ended ? 'outlined' : 'filled'}
    />
  );
};

/** The lifecycle's main road; a failed registration and a spoilt device sit on it as errors. */
const ROAD: readonly DeviceLifecycle[] = ['APPROVED', 'REGISTERED', 'DELIVERED', 'ACTIVE', 'DEREGISTERED'];
const ROAD_STEP: Readonly<Record<DeviceLifecycle, number>> = {
  APPROVED: 0,
  REGISTERED: 1,
  REGISTER_FAILED: 1,
  DELIVERED: 2,
  ACTIVE: 3,
  SPOILT: 4,
  DEREGISTERED: 4,
};

/** Where the device is on its road, as steps (hidden on phones, where the chip says it). */
export const LifecycleSteps = ({ lifecycle }: { lifecycle: unknown }) => {
  const translate = useTranslate();
  if (!isLifecycle(lifecycle)) return null;
  const at = ROAD_STEP[lifecycle];
  const ended = lifecycle === 'DEREGISTERED' || lifecycle === 'SPOILT';
  return (
    <Stepper
      activeStep={ended ? ROAD.length : at}
      alternativeLabel
      sx={{ display: { xs: 'none', sm: 'flex' }, mb: 3 }}
    >
      {ROAD.map((step, i) => {
        // the step where the device is shows its own lifecycle (Registration failed, Spoilt)
        const shown = i === at ? lifecycle : step;
        const error = i === at && (lifecycle === 'REGISTER_FAILED' || lifecycle === 'SPOILT');
        return (
          <Step key={step} completed={i < at || (ended && i === at && !error)}>
            <StepLabel error={error}>{translate(`resources.devices.choices.lifecycle.${shown}`)}</StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
};

/** The server's refusal of the last operation: its message, then each field it names. */
export const DeviceFailureAlert = ({
  failure,
  onClose,
}: {
  failure: OperationFailure | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  if (!failure) return null;
  return (
    <Alert severity="error" variant="outlined" role="alert" onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{failure.message || translate('common.notice.unknown_error')}</AlertTitle>
      {failure.fields.map((v) => {
        const field = translate(`devicePages.field.${v.field}`, { _: v.field });
        return <div key={`${v.field}:${v.message}`}>{`${field}: ${v.message}`}</div>;
      })}
    </Alert>
  );
};

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The secret `register` answered, shown this once: a warning that it will never be shown again, the
 * secret to select or copy, and Close. A click beside the dialog does not close it (the secret would be
 * lost); Close and Escape do.
 */
export const SecretDialog = ({
  serialNo,
  secret,
  onClose,
}: {
  serialNo: string;
  secret: string | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  const close = () => {
    setCopy('idle');
    onClose();
  };
  const onCopy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const K = 'devicePages.secret';
  return (
    <Dialog
      open={secret !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{translate(`${K}.title`, { serial: serialNo })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${K}.warning`)}
        </Alert>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${K}.how`, { serial: serialNo })}
        </Typography>
        <Typography variant="overline" color="text.secondary" component="p">
          {translate(`${K}.label`)}
        </Typography>
        <Box
          role="textbox"
          aria-readonly
          aria-label={translate(`${K}.label`)}
          tabIndex={0}
          sx={{
            fontFamily: 'monospace',
            fontSize: '1rem',
            p: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {secret}
        </Box>
        {copy !== 'idle' ? (
          <Typography
            variant="body2"
            role="status"
            color={copy === 'copied' ? 'success.main' : 'error'}
            sx={{ mt: 1 }}
          >
            {translate(copy === 'copied' ? `${K}.copied` : `${K}.copy_failed`)}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => void onCopy()}
          startIcon={copy === 'copied' ? <CheckOutlined /> : <ContentCopyOutlined />}
        >
          {translate(`${K}.copy`)}
        </Button>
        <Button variant="contained" onClick={close}>
          {translate(`${K}.close`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
