// The push form's live preview: the title and body as the first member of the audience would get them
// (placeholders filled from GET /push/audience's sample with contract/push.ts fillPlaceholders), on a
// phone's lock screen, and how many members the audience reaches now ("Will reach N members"; none is
// a warning). The audience is asked again, debounced, whenever it changes; the text fills in at once.
import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ERRORS } from '../../../contract/errors';
import { fillPlaceholders, type PushValues } from '../../../contract/push';
import { apiErrorLines, toApiErrorLike } from '../../components/apiError';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { pushEn } from '../../i18n/push.en';
import { type AudienceState, useAudiencePreview } from './api';
import { NotificationCard } from './parts';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(pushEn);

const K = 'pushPages.preview';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The recipient count, or what the audience still needs, or why it could not be counted. */
export const Reach = ({ state }: { state: AudienceState }) => {
  const translate = useTranslate();
  switch (state.status) {
    case 'incomplete':
      return (
        <Alert severity="info" variant="outlined">
          {translate(`${K}.missing.${state.missing}`)}
        </Alert>
      );
    case 'error':
      return (
        <Alert severity="warning" variant="outlined">
          {toApiErrorLike(state.error).code === ERRORS.ACCESS_DENIED.code
            ? translate(`${K}.outside_brand`)
            : `${translate(`${K}.failed`)} ${apiErrorLines(state.error)[0] ?? ''}`}
        </Alert>
      );
    case 'loading':
      return (
        <Box aria-busy="true">
          {state.previous ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {translate(`${K}.reach`, { smart_count: state.previous.count })}
            </Typography>
          ) : null}
          <LinearProgress aria-label={translate(`${K}.counting`)} />
        </Box>
      );
    case 'ready': {
      const { count } = state.data;
      return (
        <Alert severity={count === 0 ? 'warning' : 'success'} variant="outlined" role="status">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`${K}.reach`, { smart_count: count })}
          </Typography>
          {count === 0 ? <Typography variant="body2">{translate(`${K}.reach_none`)}</Typography> : null}
        </Alert>
      );
    }
    default: {
      const never: never = state;
      throw new Error(`unknown state ${String(never)}`);
    }
  }
};

const sampleOf = (state: AudienceState): PushValues | null =>
  state.status === 'ready'
    ? state.data.sample
    : state.status === 'loading'
      ? (state.previous?.sample ?? null)
      : null;

export const PushPreview = ({ isOperator }: { isOperator: boolean }) => {
  const translate = useTranslate();
  const title = text(useWatch({ name: 'title' }));
  const body = text(useWatch({ name: 'body' }));
  const audience: unknown = useWatch({ name: 'audience' });
  const audienceBrandId: unknown = useWatch({ name: 'audienceBrandId' });
  const audienceStoreId: unknown = useWatch({ name: 'audienceStoreId' });
  const audienceMobile: unknown = useWatch({ name: 'audienceMobile' });
  const segmentId: unknown = useWatch({ name: 'segmentId' });
  const companyId: unknown = useWatch({ name: 'companyId' });
  const state = useAudiencePreview(
    { audience, audienceBrandId, audienceStoreId, audienceMobile, segmentId, companyId },
    isOperator,
  );
  const sample = sampleOf(state);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={translate(`${K}.title`)}
      sx={{ p: 2, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box>
        <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1.6 }}>
          {translate(`${K}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {!sample
            ? translate(`${K}.no_sample`)
            : sample.name === sample.mobile
              ? translate(`${K}.as_mobile`, { mobile: sample.mobile })
              : translate(`${K}.as_member`, { name: sample.name, mobile: sample.mobile })}
        </Typography>
      </Box>
      <NotificationCard
        label={translate(`${K}.card`)}
        sender={sample?.brand || translate(`${K}.sender`)}
        title={sample ? fillPlaceholders(title, sample) : title}
        body={sample ? fillPlaceholders(body, sample) : body}
        titleHint={translate(`${K}.title_hint`)}
        bodyHint={translate(`${K}.body_hint`)}
      />
      <Reach state={state} />
    </Paper>
  );
};
