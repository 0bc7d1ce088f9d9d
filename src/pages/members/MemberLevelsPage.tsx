// /aotg: the company's member levels at a glance (GET /member-levels/summary): members per level as
// bars, the moves up and down of the last 30 days, the rule in plain words, and the way to the level
// setup (/aotg/user-level-config) and the rule (/aotg/config). An operator picks the company first.
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { MEMBER_LEVELS_SUMMARY_PATH, type MemberLevelSummary } from '../../../contract/member-levels';
import { failureOf } from '../../components/operations/failure';
import { useLoadable } from '../../components/operations/useLoadable';
import { LevelsFrame } from './LevelsFrame';
import { ruleSentence, thresholdWords } from './levelWords';

const K = 'member_levels';
const number = new Intl.NumberFormat('en-SG');
const card = { borderRadius: 3 } as const;

const LevelBars = ({ data }: { data: MemberLevelSummary }) => {
  const translate = useTranslate();
  const rows = [
    ...[...data.levels].reverse().map((l) => ({
      key: String(l.id),
      name: l.name,
      hint: thresholdWords(translate, data.measure, l.threshold),
      members: l.members,
    })),
    {
      key: 'none',
      name: translate(`${K}.no_level`),
      hint: translate(`${K}.no_level_hint`),
      members: data.noLevel,
    },
  ];
  const most = Math.max(1, ...rows.map((r) => r.members));
  const countOf = (members: number) =>
    translate(`${K}.members`, { smart_count: members, count: number.format(members) });
  return (
    <Card variant="outlined" sx={card} component="section" aria-label={translate(`${K}.per_level`)}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate(`${K}.per_level`)}
        </Typography>
        <Stack spacing={2}>
          {rows.map((r) => (
            <Box key={r.key}>
              {/* the count keeps its place on the right; a long hint wraps beside it (390 px) */}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
                <Typography sx={{ fontWeight: 600, minWidth: 0 }}>
                  {r.name}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {r.hint}
                  </Typography>
                </Typography>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{countOf(r.members)}</Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={Math.round((r.members / most) * 100)}
                aria-label={r.name}
                aria-valuetext={countOf(r.members)}
                // members below every level: a grey bar, not a level's colour
                color={r.key === 'none' ? 'inherit' : 'primary'}
                sx={{
                  height: 10,
                  borderRadius: 5,
                  mt: 0.5,
                  ...(r.key === 'none' ? { color: 'text.disabled' } : {}),
                }}
              />
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};

const Moves = ({ data }: { data: MemberLevelSummary }) => {
  const translate = useTranslate();
  const tiles = [
    { key: 'up', icon: <ArrowUpwardIcon color="success" />, n: data.moves.up },
    { key: 'down', icon: <ArrowDownwardIcon color="warning" />, n: data.moves.down },
  ];
  return (
    <Box
      component="section"
      aria-label={translate(`${K}.moves_title`)}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}
    >
      {tiles.map((t) => (
        <Card key={t.key} variant="outlined" sx={card}>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {t.icon}
              <Typography variant="h4" component="p">
                {number.format(t.n)}
              </Typography>
            </Box>
            <Typography color="text.secondary">{translate(`${K}.moves_${t.key}`)}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};

const Summary = ({ companyId }: { companyId: number | null }) => {
  const translate = useTranslate();
  const state = useLoadable<MemberLevelSummary>({
    key: `summary:${companyId ?? 'own'}`,
    load: async (http) =>
      (
        await http<MemberLevelSummary>(MEMBER_LEVELS_SUMMARY_PATH, {
          query: companyId === null ? {} : { companyId },
        })
      ).data,
  });
  if (state.status === 'error') return <Alert severity="error">{failureOf(state.error).message}</Alert>;
  if (state.status !== 'ready') return <CircularProgress aria-label={translate(`${K}.loading`)} />;
  const data = state.data;
  return (
    <Stack spacing={2}>
      <Typography>
        {ruleSentence(translate, data.measure, data.windowDays)}
        {data.ruleSaved ? '.' : ` ${translate(`${K}.default_rule`)}`}
      </Typography>
      {data.levels.length === 0 ? (
        <Alert severity="info">{translate(`${K}.no_levels`)}</Alert>
      ) : (
        <LevelBars data={data} />
      )}
      <Typography variant="h6" component="h2">
        {translate(`${K}.moves_title`)}
      </Typography>
      <Moves data={data} />
    </Stack>
  );
};

export const MemberLevelsPage = () => (
  <LevelsFrame
    title="common.screens.aotg"
    links={[
      { to: '/aotg/user-level-config', label: `${K}.setup_link` },
      { to: '/aotg/config', label: `${K}.rule_link` },
    ]}
    pickHelp={`${K}.pick_company`}
  >
    {(companyId) => <Summary companyId={companyId} />}
  </LevelsFrame>
);
