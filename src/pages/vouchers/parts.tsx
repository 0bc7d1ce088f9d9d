// Small pieces the voucher screens share: state chips, a store's name, a labelled detail list, the
// figures' tiles and a voucher's history as a timeline.
import { Box, Chip, type ChipProps, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ReferenceField, TextField, useCanAccess, useTranslate } from 'react-admin';
import type { VoucherHistoryAction, VoucherState } from '../../../contract/enums';
import type { VoucherHistoryRow } from './api';
import { dateTime } from './format';

const VOUCHER_STATE_COLORS: Record<VoucherState, ChipProps['color']> = {
  AVAILABLE: 'success',
  REDEEMED: 'info',
  EXPIRED: 'default',
};

const isVoucherState = (v: unknown): v is VoucherState => typeof v === 'string' && v in VOUCHER_STATE_COLORS;

/** A voucher's state as a coloured chip. */
export const VoucherStateChip = ({ state }: { state: unknown }) => {
  const translate = useTranslate();
  if (!isVoucherState(state)) return null;
  return (
    <Chip
      size="small"
      color={VOUCHER_STATE_COLORS[state]}
      variant={state === 'EXPIRED' ? 'outlined' : 'filled'}
      label={translate(`resources.vouchers.choices.state.${state}`)}
    />
  );
};

const PACK_STATE_COLORS: Record<string, ChipProps['color']> = {
  ACTIVE: 'success',
  DISABLED: 'default',
  DELETE: 'error',
};

/** A voucher pack's state as a coloured chip. */
export const PackStateChip = ({ state }: { state: unknown }) => {
  const translate = useTranslate();
  if (typeof state !== 'string' || !(state in PACK_STATE_COLORS)) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PACK_STATE_COLORS[state]}
      label={translate(`resources.voucherPacks.choices.state.${state}`)}
    />
  );
};

const ACTION_COLORS: Record<VoucherHistoryAction, ChipProps['color']> = {
  ISSUED: 'primary',
  REDEEMED: 'info',
  VOIDED: 'warning',
  DONATED: 'secondary',
  EXPIRED: 'default',
};

/** A store by name, linked to its page; its id alone for a user who may not read stores. */
export const StoreName = ({ storeId }: { storeId: number | null | undefined }) => {
  const { canAccess } = useCanAccess({ action: 'list', resource: 'store' });
  if (storeId === null || storeId === undefined) return <>—</>;
  if (!canAccess) return <>{`#${storeId}`}</>;
  return (
    <ReferenceField record={{ id: storeId, storeId }} source="storeId" reference="store" link="show">
      <TextField source="name" />
    </ReferenceField>
  );
};

/** One label and its value in a detail list. */
export const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  </>
);

export const DetailList = ({ children }: { children: ReactNode }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: 'max-content 1fr', md: 'max-content 1fr max-content 1fr' },
      columnGap: 2,
      rowGap: 1,
      m: 0,
    }}
  >
    {children}
  </Box>
);

/** One figure as a tile: its label, the number large, and a line of context. The label names the group. */
export const FigureTile = ({
  label,
  value,
  caption,
  tone = 'text.primary',
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  tone?: string;
}) => (
  <Paper
    variant="outlined"
    role="group"
    aria-label={label}
    sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
  >
    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
      {label}
    </Typography>
    <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: tone, m: 0 }}>
      {value}
    </Typography>
    {caption ? (
      <Typography variant="body2" color="text.secondary" component="div">
        {caption}
      </Typography>
    ) : null}
  </Paper>
);

/** What one history event says besides its action: who, to whom, where, why. */
const EventDetails = ({ event }: { event: VoucherHistoryRow }) => {
  const translate = useTranslate();
  const K = 'voucherPages.history';
  const parts: ReactNode[] = [];
  if (event.action === 'DONATED')
    parts.push(
      translate(`${K}.donated`, { from: event.memberMobile ?? '—', to: event.toMemberMobile ?? '—' }),
    );
  else if (event.memberMobile) parts.push(translate(`${K}.member`, { mobile: event.memberMobile }));
  if (event.storeId !== null && event.storeId !== undefined)
    parts.push(
      <Box component="span" key="store">
        {`${translate(`${K}.store`)} `}
        <StoreName storeId={event.storeId} />
      </Box>,
    );
  return (
    <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }} component="div">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered list of parts of one event
        <Typography key={i} variant="body2" color="text.secondary" component="span">
          {part}
        </Typography>
      ))}
    </Stack>
  );
};

/** A voucher's history, oldest first, as a vertical timeline. */
export const VoucherTimeline = ({
  events,
  label,
}: {
  events: readonly VoucherHistoryRow[];
  label: string;
}) => {
  const translate = useTranslate();
  if (events.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('voucherPages.history.empty')}
      </Typography>
    );
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event, i) => (
        <Box
          component="li"
          key={event.id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === events.length - 1 ? 0 : 2,
            // the line joining the dots
            '&::before':
              i === events.length - 1
                ? undefined
                : {
                    content: '""',
                    position: 'absolute',
                    left: 5,
                    top: 14,
                    bottom: 0,
                    width: 2,
                    bgcolor: 'divider',
                  },
          }}
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: 0,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: (theme) => {
                const color = ACTION_COLORS[event.action];
                return color && color !== 'default' ? theme.palette[color].main : theme.palette.text.disabled;
              },
            }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              variant="outlined"
              color={ACTION_COLORS[event.action] ?? 'default'}
              label={translate(`resources.voucherHistory.choices.action.${event.action}`)}
            />
            <Typography variant="body2" component="time" dateTime={event.at}>
              {dateTime(event.at)}
            </Typography>
          </Stack>
          <EventDetails event={event} />
          {event.note ? (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
              {event.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
};
