// Small pieces the push screens share: the state chips of a push and of a delivery, and the
// notification card the way a member's phone shows it.
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Box, type ChipProps, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PushDeliveryState, PushNotificationState } from '../../../contract/enums';
import { ChoiceChip, knownChoice } from '../../components/ChoiceChip';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { pushEn } from '../../i18n/push.en';
import { pushStateOf } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(pushEn);

const PUSH_STATE_COLORS: Record<PushNotificationState, ChipProps['color']> = {
  PENDING: 'default',
  SCHEDULED: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
};

/** A push's state as a coloured chip. */
export const PushStateChip = ({ state }: { state: unknown }) => {
  const name = pushStateOf(state);
  return (
    <ChoiceChip
      value={name}
      colors={PUSH_STATE_COLORS}
      labels="resources.push.choices.state"
      variant={name === 'PENDING' ? 'outlined' : 'filled'}
    />
  );
};

const DELIVERY_COLORS: Record<PushDeliveryState, ChipProps['color']> = {
  SENT: 'success',
  FAILED: 'error',
  DROPPED: 'warning',
};

/** One member's delivery state as a chip. */
export const DeliveryStateChip = ({ state }: { state: unknown }) => (
  <ChoiceChip
    value={knownChoice(DELIVERY_COLORS, state)}
    colors={DELIVERY_COLORS}
    labels="resources.pushDeliveries.choices.state"
    variant="outlined"
  />
);

/**
 * A notification as a member's phone shows it on the lock screen: the sender, when, the title in bold
 * and the body. Empty title or body show their hint, dimmed.
 */
export const NotificationCard = ({
  sender,
  title,
  body,
  titleHint,
  bodyHint,
  label,
}: {
  sender: string;
  title: string;
  body: string;
  titleHint: string;
  bodyHint: string;
  /** the card's accessible name */
  label: string;
}) => {
  const translate = useTranslate();
  return (
    <Box
      role="figure"
      aria-label={label}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderRadius: 4,
        background: 'linear-gradient(160deg, #1e3a5f 0%, #3b5b8c 55%, #7a6aa8 100%)',
      }}
    >
      <Typography
        aria-hidden
        sx={{ color: 'rgba(255,255,255,0.85)', textAlign: 'center', fontSize: 40, fontWeight: 300, mb: 1.5 }}
      >
        9:41
      </Typography>
      <Box
        sx={{
          bgcolor: 'rgba(255,255,255,0.92)',
          color: '#111',
          borderRadius: 3,
          p: 1.5,
          boxShadow: '0 6px 24px rgba(0,0,0,0.25)',
          backdropFilter: 'blur(8px)',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 20,
              height: 20,
              borderRadius: 1,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <NotificationsActiveOutlined sx={{ fontSize: 14 }} />
          </Box>
          <Typography
            variant="caption"
            sx={{ flex: 1, minWidth: 0, textTransform: 'uppercase', letterSpacing: 0.4, color: '#555' }}
            noWrap
          >
            {sender}
          </Typography>
          <Typography variant="caption" sx={{ color: '#777' }}>
            {translate('pushPages.preview.now')}
          </Typography>
        </Stack>
        <Typography
          variant="subtitle2"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere', color: title ? '#111' : '#999' }}
          data-testid="push-preview-title"
        >
          {title || titleHint}
        </Typography>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: body ? '#222' : '#999' }}
          data-testid="push-preview-body"
        >
          {body || bodyHint}
        </Typography>
      </Box>
    </Box>
  );
};
