// A member's profile's sections (MemberProfilePage.tsx): their cards (Stamp on an available one), their
// standing at each company with its level history, their vouchers by state, the pushes they received.
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import type { StampResult } from '../../../contract/stamping';
import { vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { useDates } from '../../components/dates';
import { PlainTable } from '../../components/PlainTable';
import { useStampCardAccess } from '../stampCards/access';
import { StampDialog } from '../stampCards/MemberCardShow';
import { CardStateChip, StampProgress } from '../stampCards/parts';
import { VoucherStateChip, VoucherTimeline } from '../vouchers/parts';
import { WebCardButton } from '../webCard/WebCardButton';
import { LevelChip } from './MembersList';
import {
  Empty,
  type MemberProfile,
  type ProfileCard,
  type Push,
  Section,
  type Standing,
} from './ProfileParts';

const K = 'memberPages.profile';

/** A profile section that lists its items one under another, or says it has none. */
const ListSection = <T,>({
  title,
  empty,
  items,
  spacing,
  children,
}: {
  title: string;
  empty: string;
  items: readonly T[];
  spacing: number;
  children: (item: T) => ReactNode;
}) => (
  <Section title={title}>
    {items.length === 0 ? <Empty text={empty} /> : <Stack spacing={spacing}>{items.map(children)}</Stack>}
  </Section>
);

export const StandingSection = ({ standing }: { standing: Standing[] }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <ListSection
      title={translate(`${K}.standing`)}
      empty={translate(`${K}.no_standing`)}
      items={standing}
      spacing={2}
    >
      {(s) => (
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
          <PlainTable
            label={translate(`${K}.level_history`, { company: s.companyName })}
            frame="scroll"
            empty={<Empty text={translate(`${K}.no_level_moves`)} />}
            rows={s.levelHistory}
            rowKey={(m) => m.id}
            columns={[
              {
                label: translate(`${K}.when`),
                sx: { whiteSpace: 'nowrap' },
                render: (m) => dateTime(m.at),
              },
              {
                label: translate(`${K}.move`),
                render: (m) => `${m.fromLevelName ?? '—'} → ${m.toLevelName ?? '—'}`,
              },
              {
                label: translate(`${K}.reason`),
                render: (m) =>
                  translate(`resources.memberLevelHistory.choices.reason.${m.reason}`, { _: m.reason }),
              },
            ]}
          />
        </Box>
      )}
    </ListSection>
  );
};

export const CardsSection = ({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) => {
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
          open
          onClose={() => setStamping(null)}
          onStamped={(_: StampResult) => onChanged()}
        />
      ) : null}
    </Section>
  );
};

export const VouchersSection = ({ profile }: { profile: MemberProfile }) => {
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

export const PushesSection = ({ pushes }: { pushes: Push[] }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <ListSection
      title={translate(`${K}.pushes`)}
      empty={translate(`${K}.no_pushes`)}
      items={pushes}
      spacing={1}
    >
      {(p) => (
        <Box key={p.id}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${dateTime(p.at)} · ${translate(`resources.pushDeliveries.choices.state.${p.state}`, { _: p.state })}`}
          </Typography>
        </Box>
      )}
    </ListSection>
  );
};
