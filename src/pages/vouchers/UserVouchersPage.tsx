// /voucher/get-user-vouchers: one member's vouchers, found by the member's mobile
// (GET /members/{mobile}/vouchers), grouped by state in tabs with their counts; each voucher a card with
// its code, title, value and validity, and its history a click away. The mobile searched for lives in
// the address (?mobile=…), so a voucher's page can link to its member and Back returns to the result.
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  InputAdornment,
  LinearProgress,
  TextField as MuiTextField,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, Title, useCreatePath, useLocation, useNavigate, useTranslate } from 'react-admin';
import { canAccess } from '../../../contract/access';
import { VOUCHER_STATES, type VoucherState } from '../../../contract/enums';
import type { MemberVoucher, MemberWallet } from '../../../contract/vouchers';
import { vouchers } from '../../../resources';
import { isApiError, toApiErrorLike } from '../../components/apiError';
import { useCountry } from '../../components/CountryContext';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { useMoney } from '../../components/money';
import type { Loadable } from '../../components/operations/useLoadable';
import { toPhoneCountry } from '../../components/PhoneInput';
import { useCaller } from '../../components/useCaller';
import { useOwnCurrency } from '../../components/useOwnCurrency';
import { memberProfilePath } from '../members/paths';
import { fetchMemberWallet, type MemberRow, type VoucherHistoryRow, type VoucherRow } from './api';
import { VoucherStateChip, VoucherTimeline } from './parts';

const K = 'voucherPages.member';

/** What was typed, as E.164 in the current country ('9123 4567' in sg → '+6591234567'), or null. */
const toE164 = (typed: string, country: string): string | null => {
  const value = typed.trim();
  if (value === '') return null;
  const parsed = parsePhoneNumberFromString(value, toPhoneCountry(country));
  return parsed && isValidPhoneNumber(parsed.number) ? parsed.number : null;
};

const mobileOf = (search: string): string => new URLSearchParams(search).get('mobile')?.trim() ?? '';

/** A voucher as the lookup answers it: with its company's currency (docs/api.md "Members"). */
type HeldVoucher = VoucherRow & { currency?: string };
type WalletAnswer = MemberWallet<MemberRow, HeldVoucher, VoucherHistoryRow>;
type Lookup = Loadable<WalletAnswer> | { status: 'unknown' };

/** The member's wallet for `mobile` ('' loads nothing); an unknown member is its own state, not an error. */
const useMemberWallet = (mobile: string): Lookup => {
  const http = useHttpClient();
  const [state, setState] = useState<Lookup>({ status: 'idle' });
  useEffect(() => {
    if (mobile === '') {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    fetchMemberWallet(http, mobile)
      .then((data) => {
        if (!cancelled) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState(isApiError(error, 'NOT_FOUND') ? { status: 'unknown' } : { status: 'error', error });
      });
    return () => {
      cancelled = true;
    };
  }, [http, mobile]);
  return state;
};

const VoucherCard = ({ voucher }: { voucher: MemberVoucher<HeldVoucher, VoucherHistoryRow> }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { date: day, dateTime } = useDates();
  const createPath = useCreatePath();
  const [open, setOpen] = useState(false);
  const historyId = useId();
  const historyLabel = translate(`${K}.history_of`, { code: voucher.code });
  return (
    <Card variant="outlined" sx={{ borderRadius: 2 }} component="article" aria-label={voucher.code}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Link
                to={createPath({ resource: vouchers.name, id: voucher.id, type: 'show' })}
                sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.05rem', letterSpacing: 0.5 }}
              >
                {voucher.code}
              </Link>
              <VoucherStateChip state={voucher.state} />
            </Stack>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {voucher.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`${K}.valid`, { from: day(voucher.validFrom), until: day(voucher.validUntil) })}
              {voucher.state === 'REDEEMED' && voucher.redeemedAt
                ? ` · ${translate(`${K}.redeemed_at`, { at: dateTime(voucher.redeemedAt) })}`
                : ''}
            </Typography>
          </Box>
          <Typography
            variant="h5"
            component="p"
            color="primary"
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {money(voucher.value, voucher.currency)}
          </Typography>
        </Stack>
        <Button
          size="small"
          startIcon={<HistoryOutlined />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={historyId}
          sx={{ mt: 1, ml: -0.5 }}
        >
          {translate(open ? `${K}.hide_history` : `${K}.show_history`, {
            smart_count: voucher.history.length,
          })}
        </Button>
        <Collapse in={open} id={historyId} unmountOnExit>
          <Box sx={{ pt: 1.5, pl: 0.5 }}>
            <VoucherTimeline events={voucher.history} label={historyLabel} />
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
};

const Wallet = ({ wallet }: { wallet: WalletAnswer }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { date: day } = useDates();
  // nothing available: 0 in the caller's own currency (an operator's: the portal's country's)
  const own = useOwnCurrency();
  const { currency: countryCurrency } = useCountry();
  const zeroCurrency = own ?? countryCurrency;
  // open on the first state that holds something, Available when all are empty
  const first = VOUCHER_STATES.find((s) => wallet.vouchers[s].length > 0) ?? 'AVAILABLE';
  const [tab, setTab] = useState<VoucherState>(first);
  const { member } = wallet;
  // the profile (/aotg/member) is for who may view members; anyone else sees the mobile masked
  const { caller } = useCaller();
  const mayViewMembers = caller ? canAccess(caller.subject, { action: 'VIEW', resource: 'member' }) : false;
  const held = wallet.vouchers[tab];
  // per currency, as the server summed it ('SGD 12.50 · MYR 20.00')
  const availableValue =
    wallet.availableValues.length > 0
      ? wallet.availableValues.map((v) => money(v.value, v.currency)).join(' · ')
      : money(0, zeroCurrency);
  return (
    <Stack spacing={2}>
      <Paper
        variant="outlined"
        sx={{ p: 2.5, borderRadius: 3 }}
        component="section"
        aria-label={translate(`${K}.member`)}
      >
        <Typography variant="h6" component="h2">
          {member.name || translate(`${K}.no_name`)}
        </Typography>
        <Typography variant="body1">{member.mobile}</Typography>
        {mayViewMembers ? (
          <Link to={memberProfilePath(String(member.mobile))} sx={{ fontWeight: 600 }}>
            {translate(`${K}.open_profile`)}
          </Link>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.since`, { date: day(member.createTime) })}
          {' · '}
          {translate(`${K}.available_value`, { value: availableValue })}
        </Typography>
      </Paper>
      <Box>
        <Tabs
          value={tab}
          onChange={(_, value: VoucherState) => setTab(value)}
          aria-label={translate(`${K}.by_state`)}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {VOUCHER_STATES.map((state) => (
            <Tab
              key={state}
              value={state}
              id={`member-vouchers-tab-${state}`}
              aria-controls={`member-vouchers-panel-${state}`}
              label={`${translate(`resources.vouchers.choices.state.${state}`)} (${wallet.vouchers[state].length})`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`member-vouchers-panel-${tab}`}
          aria-labelledby={`member-vouchers-tab-${tab}`}
          sx={{ pt: 2 }}
        >
          {held.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {translate(`${K}.none_in_state`, {
                state: translate(`resources.vouchers.choices.state.${tab}`).toLowerCase(),
              })}
            </Typography>
          ) : (
            <Stack spacing={1.5}>
              {held.map((v) => (
                <VoucherCard key={v.id} voucher={v} />
              ))}
            </Stack>
          )}
        </Box>
      </Box>
    </Stack>
  );
};

const UnknownMember = ({ mobile }: { mobile: string }) => {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 4, borderRadius: 3, textAlign: 'center', borderStyle: 'dashed' }}
      role="status"
    >
      <PersonSearchOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" component="h2">
        {translate(`${K}.unknown`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.unknown_detail`, { mobile })}
      </Typography>
    </Paper>
  );
};

/** /voucher/get-user-vouchers */
export const UserVouchersPage = () => {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const { country } = useCountry();
  const searched = mobileOf(location.search);
  const [typed, setTyped] = useState(searched);
  const [invalid, setInvalid] = useState(false);
  const lookup = useMemberWallet(searched);

  // Back and Forward change the address: the box follows it
  useEffect(() => {
    setTyped(searched);
    setInvalid(false);
  }, [searched]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const mobile = toE164(typed, country);
    setInvalid(mobile === null);
    if (mobile === null) return;
    navigate(`${location.pathname}?mobile=${encodeURIComponent(mobile)}`);
  };

  const title = translate('common.screens.user_vouchers');
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="form"
        role="search"
        onSubmit={onSubmit}
        noValidate
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 3, flexWrap: 'wrap' }}
      >
        <MuiTextField
          label={translate(`${K}.mobile`)}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setInvalid(false);
          }}
          type="search"
          inputMode="tel"
          autoComplete="off"
          size="small"
          error={invalid}
          helperText={translate(invalid ? `${K}.mobile_invalid` : `${K}.mobile_help`)}
          sx={{ minWidth: 300, flex: '1 1 300px', maxWidth: 420 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 0.25 }}>
          {translate(`${K}.search`)}
        </Button>
      </Box>
      {lookup.status === 'idle' ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.start`)}
        </Typography>
      ) : lookup.status === 'loading' ? (
        <LinearProgress aria-label={translate(`${K}.loading`)} />
      ) : lookup.status === 'unknown' ? (
        <UnknownMember mobile={searched} />
      ) : lookup.status === 'error' ? (
        <Alert severity="error" variant="outlined">
          {toApiErrorLike(lookup.error).message || translate('common.notice.unknown_error')}
        </Alert>
      ) : (
        // keyed on the member: another member's result opens on its own first tab
        <Wallet key={lookup.data.member.mobile} wallet={lookup.data} />
      )}
    </Box>
  );
};
