// A member's profile at /aotg/member?mobile=… (issue 25): GET /members/{mobile}. The header (mobile,
// name, level chip, first and last visit), their standing at each company the caller may see with its
// level history, their cards (Stamp on an available one), their vouchers by state with history, the
// pushes they received, and the actions staff use: issue a card, issue vouchers. The dialogs are the
// stamping and voucher pages' own (MemberCardShow's Stamp, IssueVouchers' fields and call).
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LocalActivityOutlined from '@mui/icons-material/LocalActivityOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Link,
  ReferenceInput,
  required,
  Title,
  useCreatePath,
  useLocation,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MemberLevelRef } from '../../../contract/members';
import type { StampResult } from '../../../contract/stamping';
import { stampCard, store, vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { isApiError, toApiErrorLike } from '../../components/apiError';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { pathId } from '../../components/operations/api';
import {
  ConfirmedOperationDialog,
  OperationDialog,
  submitErrorsOf,
} from '../../components/operations/OperationDialog';
import { useLoadable } from '../../components/operations/useLoadable';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { useStampCardAccess } from '../stampCards/access';
import { issueMemberCard } from '../stampCards/api';
import { StampDialog } from '../stampCards/MemberCardShow';
import { CardStateChip, STAMP_FIELD_LABELS, StampProgress } from '../stampCards/parts';
import { useVoucherAccess } from '../vouchers/access';
import type { VoucherHistoryRow, VoucherRow } from '../vouchers/api';
import { type IssueValues, IssueVouchersFields, useIssueVouchers } from '../vouchers/IssueVouchers';
import { VoucherStateChip, VoucherTimeline } from '../vouchers/parts';
import { WebCardButton } from '../webCard/WebCardButton';
import { LevelChip } from './MembersList';
import { MEMBERS_LIST_PATH } from './paths';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

const K = 'memberPages.profile';

interface LevelMove {
  id: number;
  fromLevelName: string | null;
  toLevelName: string | null;
  reason: string;
  measureValue: number;
  at: string;
}
interface Standing {
  companyId: number;
  companyName: string;
  level: MemberLevelRef | null;
  stampsInWindow: number;
  visitsInWindow: number;
  completedCardsInWindow: number;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
  levelHistory: LevelMove[];
}
interface ProfileCard {
  id: number;
  stampCardId: number;
  title: string;
  stamps: number;
  stampsRequired: number;
  maxStampsPerTransaction: number | null;
  state: number;
  storeId: number | null;
  brandId: number | null;
}
interface Push {
  id: number;
  pushId: number;
  title: string;
  body: string;
  state: string;
  at: string;
}
type HeldVoucher = VoucherRow & { history: VoucherHistoryRow[] };
export interface MemberProfile {
  member: { id: number; mobile: string; name: string | null; createTime: string };
  level: MemberLevelRef | null;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
  standing: Standing[];
  cards: ProfileCard[];
  vouchers: Record<'AVAILABLE' | 'REDEEMED' | 'EXPIRED', HeldVoucher[]>;
  pushes: Push[];
}

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Paper
    variant="outlined"
    component="section"
    aria-label={title}
    sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3 }}
  >
    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/** "Issue a card": a programme and a store; the member is this one. */
const IssueCardDialog = ({
  mobile,
  open,
  onClose,
  onDone,
}: {
  mobile: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  return (
    <ConfirmedOperationDialog
      open={open}
      title={translate(`${K}.issue_card`)}
      submitLabel={translate('stampPages.show.issue.submit')}
      onClose={onClose}
      fieldLabels={STAMP_FIELD_LABELS}
      defaultValues={{ memberMobile: mobile }}
      onSubmit={async (values, { run, close }) => {
        const body = { memberMobile: mobile, storeId: Number(values.storeId) };
        const programmeId = Number(values.stampCardId);
        const outcome = await run({
          action: translate('stampPages.show.issue.action'),
          item: translate('stampPages.show.issue.item'),
          request: `issue-card ${programmeId} ${JSON.stringify(body)}`,
          send: (key) => issueMemberCard(http, programmeId, body, key),
        });
        return submitErrorsOf(outcome, ['memberMobile', 'storeId'] as const, () => {
          close();
          onDone();
        });
      }}
    >
      <PhoneNumberInput source="memberMobile" label="stampPages.show.issue.member_mobile" disabled />
      <ReferenceInput
        source="stampCardId"
        reference={stampCard.name}
        filter={{ state: 'ACTIVE' }}
        perPage={50}
      >
        <AutocompleteInput
          label={translate(`${K}.programme`)}
          optionText="title"
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <ReferenceInput source="storeId" reference={store.name} perPage={100}>
        <AutocompleteInput
          label={translate('stampPages.show.issue.store')}
          optionText="name"
          validate={required()}
          helperText={translate('stampPages.show.issue.store_help')}
          fullWidth
        />
      </ReferenceInput>
    </ConfirmedOperationDialog>
  );
};

/** "Issue vouchers": a pack and how many; the member is this one. */
const IssueVouchersDialog = ({
  mobile,
  open,
  onClose,
  onDone,
}: {
  mobile: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const { submit, failure, clearFailure, confirmDialog } = useIssueVouchers(() => {
    onClose();
    onDone();
  });
  const close = () => {
    clearFailure();
    onClose();
  };
  return (
    <>
      <OperationDialog
        open={open}
        title={translate(`${K}.issue_vouchers`)}
        submitLabel={translate('voucherPages.issue.submit')}
        onClose={close}
        onSubmit={(values) => {
          const v = values as IssueValues;
          return submit(Number(v.voucherPackId), { ...v, memberMobile: mobile });
        }}
        failure={failure}
        defaultValues={{ memberMobile: mobile, quantity: 1 }}
      >
        <IssueVouchersFields pickPack />
      </OperationDialog>
      {confirmDialog}
    </>
  );
};

const Header = ({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const cardsAccess = useStampCardAccess();
  const voucherAccess = useVoucherAccess();
  const [dialog, setDialog] = useState<'card' | 'vouchers' | null>(null);
  const { member } = profile;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={translate(`${K}.member`)}
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {member.mobile}
            </Typography>
            {profile.level ? <LevelChip level={profile.level} /> : null}
          </Stack>
          <Typography variant="body1">{member.name || translate(`${K}.no_name`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`${K}.first_visit`, {
              at: profile.firstVisitAt ? dateTime(profile.firstVisitAt) : '—',
            })}
            {' · '}
            {translate(`${K}.last_visit`, { at: profile.lastVisitAt ? dateTime(profile.lastVisitAt) : '—' })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {cardsAccess.mayIssue ? (
            <Button variant="contained" startIcon={<AddCardOutlined />} onClick={() => setDialog('card')}>
              {translate(`${K}.issue_card`)}
            </Button>
          ) : null}
          {voucherAccess.mayIssue ? (
            <Button
              variant="outlined"
              startIcon={<LocalActivityOutlined />}
              onClick={() => setDialog('vouchers')}
            >
              {translate(`${K}.issue_vouchers`)}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <IssueCardDialog
        mobile={member.mobile}
        open={dialog === 'card'}
        onClose={() => setDialog(null)}
        onDone={onChanged}
      />
      <IssueVouchersDialog
        mobile={member.mobile}
        open={dialog === 'vouchers'}
        onClose={() => setDialog(null)}
        onDone={onChanged}
      />
    </Paper>
  );
};

const StandingSection = ({ standing }: { standing: Standing[] }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <Section title={translate(`${K}.standing`)}>
      {standing.length === 0 ? (
        <Empty text={translate(`${K}.no_standing`)} />
      ) : (
        <Stack spacing={2}>
          {standing.map((s) => (
            <Box key={s.companyId}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {s.companyName}
                </Typography>
                <LevelChip level={s.level} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {translate(`${K}.activity`, {
                  stamps: s.stampsInWindow,
                  visits: s.visitsInWindow,
                  cards: s.completedCardsInWindow,
                })}
              </Typography>
              {s.levelHistory.length === 0 ? (
                <Empty text={translate(`${K}.no_level_moves`)} />
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table
                    size="small"
                    aria-label={translate(`${K}.level_history`, { company: s.companyName })}
                  >
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate(`${K}.when`)}</TableCell>
                        <TableCell>{translate(`${K}.move`)}</TableCell>
                        <TableCell>{translate(`${K}.reason`)}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {s.levelHistory.map((m) => (
                        <TableRow key={m.id}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(m.at)}</TableCell>
                          <TableCell>{`${m.fromLevelName ?? '—'} → ${m.toLevelName ?? '—'}`}</TableCell>
                          <TableCell>
                            {translate(`resources.memberLevelHistory.choices.reason.${m.reason}`, {
                              _: m.reason,
                            })}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
};

const CardsSection = ({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const access = useStampCardAccess();
  const [stamping, setStamping] = useState<ProfileCard | null>(null);
  return (
    <Section title={translate(`${K}.cards`)}>
      {profile.cards.length === 0 ? (
        <Empty text={translate(`${K}.no_cards`)} />
      ) : (
        <Stack spacing={1.5}>
          {profile.cards.map((c) => (
            <Card
              key={c.id}
              variant="outlined"
              component="article"
              aria-label={c.title}
              sx={{ borderRadius: 2 }}
            >
              <CardContent sx={{ pb: '12px !important' }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Link
                        to={createPath({ resource: memberCards.name, id: c.id, type: 'show' })}
                        sx={{ fontWeight: 600 }}
                      >
                        {c.title}
                      </Link>
                      <CardStateChip state={c.state} />
                    </Stack>
                    <StampProgress stamps={c.stamps} required={c.stampsRequired} />
                  </Box>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <WebCardButton
                      size="small"
                      target={{ kind: 'CARD', id: c.id, label: `${c.title} · ${profile.member.mobile}` }}
                    />
                    {access.mayStamp(c.state) ? (
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<VerifiedOutlined />}
                        onClick={() => setStamping(c)}
                      >
                        {translate(`${K}.stamp`)}
                      </Button>
                    ) : null}
                  </Stack>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {stamping ? (
        <StampDialog
          card={{ ...stamping, memberMobile: profile.member.mobile }}
          programme={{
            id: stamping.stampCardId,
            stampsRequired: stamping.stampsRequired,
            maxStampsPerTransaction: stamping.maxStampsPerTransaction,
          }}
          open
          onClose={() => setStamping(null)}
          onStamped={(_: StampResult) => onChanged()}
        />
      ) : null}
    </Section>
  );
};

const VouchersSection = ({ profile }: { profile: MemberProfile }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { date } = useDates();
  const states = ['AVAILABLE', 'REDEEMED', 'EXPIRED'] as const;
  return (
    <Section title={translate(`${K}.vouchers`)}>
      <Stack spacing={2}>
        {states.map((state) => {
          const held = profile.vouchers[state] ?? [];
          const label = `${translate(`resources.vouchers.choices.state.${state}`)} (${held.length})`;
          return (
            <Box key={state} component="section" aria-label={label}>
              <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
                {label}
              </Typography>
              {held.length === 0 ? null : (
                <Stack spacing={1}>
                  {held.map((v) => (
                    <Box key={v.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                      <Stack
                        direction="row"
                        spacing={1}
                        useFlexGap
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        <Link
                          to={createPath({ resource: vouchers.name, id: v.id, type: 'show' })}
                          sx={{ fontFamily: 'monospace', fontWeight: 700 }}
                        >
                          {v.code}
                        </Link>
                        <VoucherStateChip state={v.state} />
                        <Typography variant="body2">{v.title}</Typography>
                        <WebCardButton size="small" target={{ kind: 'VOUCHER', id: v.id, label: v.code }} />
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {translate('voucherPages.member.valid', {
                          from: date(v.validFrom),
                          until: date(v.validUntil),
                        })}
                      </Typography>
                      <VoucherTimeline
                        events={v.history}
                        label={translate('voucherPages.member.history_of', { code: v.code })}
                      />
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
};

const PushesSection = ({ pushes }: { pushes: Push[] }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <Section title={translate(`${K}.pushes`)}>
      {pushes.length === 0 ? (
        <Empty text={translate(`${K}.no_pushes`)} />
      ) : (
        <Stack spacing={1}>
          {pushes.map((p) => (
            <Box key={p.id}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {p.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`${dateTime(p.at)} · ${translate(`resources.pushDeliveries.choices.state.${p.state}`, { _: p.state })}`}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
};

/** /aotg/member?mobile=… */
export const MemberProfilePage = () => {
  const translate = useTranslate();
  const location = useLocation();
  // a '+' typed into the address unescaped reads as a space: it is the mobile's own '+'
  const mobile = (new URLSearchParams(location.search).get('mobile') ?? '').replace(/^ (?=\d)/, '+').trim();
  const [version, setVersion] = useState(0);
  const profile = useLoadable<MemberProfile>(
    mobile === ''
      ? null
      : {
          key: `${mobile} ${version}`,
          load: async (http) => (await http<MemberProfile>(`/members/${pathId(mobile)}`)).data,
        },
  );
  const changed = () => setVersion((v) => v + 1);
  const title = translate(`${K}.title`);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Title title={title} />
      <Button component={RouterLink} to={MEMBERS_LIST_PATH} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {translate(`${K}.back`)}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {profile.status === 'idle' ? (
        <Empty text={translate(`${K}.none`)} />
      ) : profile.status === 'loading' ? (
        <LinearProgress aria-label={translate(`${K}.loading`)} />
      ) : profile.status === 'error' ? (
        <Alert severity={isApiError(profile.error, 'NOT_FOUND') ? 'info' : 'error'} variant="outlined">
          {isApiError(profile.error, 'NOT_FOUND')
            ? translate(`${K}.not_found`, { mobile })
            : toApiErrorLike(profile.error).message || translate('common.notice.unknown_error')}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Header profile={profile.data} onChanged={changed} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <Stack spacing={2}>
              <CardsSection profile={profile.data} onChanged={changed} />
              <StandingSection standing={profile.data.standing} />
            </Stack>
            <Stack spacing={2}>
              <VouchersSection profile={profile.data} />
              <PushesSection pushes={profile.data.pushes} />
            </Stack>
          </Box>
        </Stack>
      )}
    </Box>
  );
};
