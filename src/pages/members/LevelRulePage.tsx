// /aotg/config: the company's member level rule (the declared table memberLevelRules, one per company):
// what the levels measure and over how many days back. An operator picks the company first. Saving
// says what the rule means in plain words; the server recomputes every member's level after it.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useCreate, useGetList, useTranslate, useUpdate } from 'react-admin';
import { LEVEL_MEASURES, type LevelMeasure } from '../../../contract/enums';
import { DEFAULT_LEVEL_RULE } from '../../../contract/members';
import { failureOf } from '../../components/operations/failure';
import { LevelsFrame } from './LevelsFrame';
import { ruleSentence } from './levelWords';

const K = 'member_levels';
const RESOURCE = 'memberLevelRules';

interface RuleRow {
  id: number;
  companyId: number;
  measure: LevelMeasure;
  windowDays: number;
}

const RuleForm = ({ companyId }: { companyId: number | null }) => {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetList<RuleRow>(RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createTime', order: 'DESC' },
    filter: companyId === null ? {} : { companyId },
  });
  const saved = data?.[0];
  const [measure, setMeasure] = useState<LevelMeasure>(DEFAULT_LEVEL_RULE.measure);
  const [days, setDays] = useState(String(DEFAULT_LEVEL_RULE.windowDays));
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; days?: string } | null>(null);
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  useEffect(() => {
    setMeasure(saved?.measure ?? DEFAULT_LEVEL_RULE.measure);
    setDays(String(saved?.windowDays ?? DEFAULT_LEVEL_RULE.windowDays));
  }, [saved?.measure, saved?.windowDays]);
  if (isPending) return <CircularProgress aria-label={translate(`${K}.loading`)} />;
  if (error) return <Alert severity="error">{failureOf(error).message}</Alert>;
  const windowDays = Number(days);
  const valid = Number.isInteger(windowDays) && windowDays >= 1 && windowDays <= 730;
  const onSave = () => {
    setDone(null);
    setFailure(null);
    const body = { measure, windowDays, ...(companyId === null ? {} : { companyId }) };
    const options = {
      onSuccess: () => {
        setDone(ruleSentence(translate, measure, windowDays));
        void refetch();
      },
      onError: (e: unknown) => {
        const f = failureOf(e);
        const onDays = f.fields.find((v) => v.field === 'windowDays');
        setFailure({ message: f.message, ...(onDays ? { days: onDays.message } : {}) });
      },
    };
    if (saved)
      update(RESOURCE, { id: saved.id, data: { measure, windowDays }, previousData: saved }, options);
    else create(RESOURCE, { data: body }, options);
  };
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, maxWidth: 640 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {saved ? translate(`${K}.rule_saved_hint`) : translate(`${K}.rule_default_hint`)}
          </Typography>
          <TextField
            select
            label={translate(`${K}.measure`)}
            value={measure}
            onChange={(e) => setMeasure(e.target.value as LevelMeasure)}
          >
            {LEVEL_MEASURES.map((m) => (
              <MenuItem key={m} value={m}>
                {translate(`${K}.measures.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate(`${K}.window_days`)}
            type="number"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={!valid || failure?.days !== undefined}
            helperText={failure?.days ?? translate(`${K}.window_days_help`)}
            slotProps={{ htmlInput: { min: 1, max: 730, inputMode: 'numeric' } }}
          />
          {valid ? (
            <Typography sx={{ fontWeight: 600 }}>{ruleSentence(translate, measure, windowDays)}</Typography>
          ) : null}
          {failure ? <Alert severity="error">{failure.message}</Alert> : null}
          {done ? <Alert severity="success">{translate(`${K}.rule_done`, { sentence: done })}</Alert> : null}
          <Box>
            <Button variant="contained" onClick={onSave} disabled={!valid || creating || updating}>
              {translate(`${K}.save_rule`)}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};

export const LevelRulePage = () => (
  <LevelsFrame
    title="common.screens.aotg_config"
    links={[
      { to: '/aotg', label: `${K}.overview_link` },
      { to: '/aotg/user-level-config', label: `${K}.setup_link` },
    ]}
    pickHelp={`${K}.pick_company_rule`}
  >
    {(companyId) => <RuleForm key={companyId ?? 'own'} companyId={companyId} />}
  </LevelsFrame>
);
