// Small pieces the voucher screens share: state chips, a member's link to their vouchers and a
// voucher's history as a timeline.
import { Box, Chip, type ChipProps, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useTranslate } from 'react-admin';
import type { VoucherHistoryAction, VoucherState } from '../../../contract/enums';
import { ChoiceChip, knownChoice } from '../../components/ChoiceChip';
import { useDates } from '../../components/dates';
import { StoreName } from '../../components/operations/details';
import type { VoucherHistoryRow } from './api';

const VOUCHER_STATE_COLORS: Record<VoucherState, ChipProps['color']> = {
  AVAILABLE: 'success',
  REDEEMED: 'info',
  EXPIRED: 'default',
};

/** A voucher's state as a coloured chip. */
export const VoucherStateChip = ({ state }: { state: unknown }) => {
  const value = knownChoice(VOUCHER_STATE_COLORS, state);
  return (
    <ChoiceChip
      value={value}
      colors={VOUCHER_STATE_COLORS}
      labels="resources.vouchers.choices.state"
      variant={value === 'EXPIRED' ? 'outlined' : 'filled'}
    />
  );
};

const PACK_STATE_COLORS: Record<string, ChipProps['color']> = {
  ACTIVE: 'success',
  DISABLED: 'default',
  DELETE: 'error',
};

/** A voucher pack's state as a coloured chip. */
export const PackStateChip = ({ state }: { state: unknown }) => (
  <ChoiceChip
    value={knownChoice(PACK_STATE_COLORS, state)}
    colors={PACK_STATE_COLORS}
    labels="resources.voucherPacks.choices.state"
    variant="outlined"
  />
);

const ACTION_COLORS: Record<VoucherHistoryAction, ChipProps['color']> = {
  ISSUED: 'primary',
  REDEEMED: 'info',
  VOIDED: 'warning',
  DONATED: 'secondary',
  EXPIRED: 'default',
};

/** The member lookup (a voucher screen: members' own list and profile are under /aotg). */
export const MEMBER_VOUCHERS_PATH = '/voucher/get-user-vouchers';

/** The member lookup page opened on one member. */
export const memberVouchersPath = (mobile: string) =>
  `${MEMBER_VOUCHERS_PATH}?mobile=${encodeURIComponent(mobile)}`;

/** A member's mobile, linking to their vouchers; a dash for none. */
export const MemberLink = ({ mobile }: { mobile: unknown }) =>
  typeof mobile === 'string' && mobile !== '' ? (
    <Link to={memberVouchersPath(mobile)}>{mobile}</Link>
  ) : (
    <>—</>
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
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="div">
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
  const { dateTime } = useDates();
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
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
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
