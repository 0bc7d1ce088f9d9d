// A campaign's create and edit views (issue 43; replace the generated ones, src/pages/resources/
// overrides.ts): what it does first, as a choice of six kinds in words; then only the fields that kind
// uses (contract/campaigns.ts CAMPAIGN_KIND_FIELDS), grouped as what it gives, when and where (days as
// toggles, stores by name) and its budget; beside them the live preview (POST /campaigns/preview): whom
// it would reach and what it would cost, before anything is saved.
import {
  Alert,
  Box,
  FormControl,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Paper,
  Radio,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  AutocompleteArrayInput,
  type CreateProps,
  type EditProps,
  type RaRecord,
  ReferenceArrayInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { CampaignPreview } from '../../../contract/campaign-insights';
import { CAMPAIGN_COMMON_FIELDS, CAMPAIGN_KIND_FIELDS, weekdaysOf } from '../../../contract/campaigns';
import { CAMPAIGN_KINDS, type CampaignKind, WEEKDAYS } from '../../../contract/enums';
import { campaigns } from '../../../resources/tables/campaigns';
import { useRole } from '../../builders/buttons';
import type { FieldDeclaration, ResourceDeclaration } from '../../builders/declarations';
import { GeneratedCreate } from '../../builders/GeneratedCreate';
import { GeneratedEdit } from '../../builders/GeneratedEdit';
import { FormCell, FormGrid, formFieldOf, useRuleValidators } from '../../builders/inputs';
import { apiErrorLines } from '../../components/apiError';
import { useMoney } from '../../components/money';
import { AsidePanel } from '../../components/operations/AsidePanel';
import type { Loadable } from '../../components/operations/useLoadable';
import { campaignsEn } from '../../i18n/campaigns.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { useCompanyId } from '../segments/SegmentFilterInput';
import { previewBodyOf, useCampaignPreview } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(campaignsEn);

const K = 'campaignPages';
export const decl = campaigns as unknown as ResourceDeclaration;

const fieldOf = (name: string): FieldDeclaration => {
  const field = decl.fields.find((f) => f.name === name);
  if (!field) throw new Error(`campaigns: no field ${name}`);
  return field;
};

/** Where each field of a kind goes on the form. */
const SECTIONS = {
  reward: [
    'stampCardId',
    'multiplier',
    'bonusCondition',
    'bonusStamps',
    'minAmount',
    'voucherPackId',
    'segmentId',
    'periodDays',
    'message',
  ],
  when: ['startAt', 'endAt', 'daysOfWeek', 'hourFrom', 'hourTo', 'storeIds'],
  limits: ['budgetRewards', 'budgetMoney', 'perMemberLimit', 'holdoutPercent'],
} as const;

/** The six kinds as choices in words, each with what it does. */
const KindPicker = ({ locked }: { locked: boolean }) => {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'kind', rules: { required: true } });
  return (
    <FormControl component="fieldset" error={fieldState.invalid} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate(`${K}.form.kind`)}
      </FormLabel>
      <Box
        role="radiogroup"
        aria-label={translate(`${K}.form.kind`)}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {CAMPAIGN_KINDS.map((kind) => {
          const checked = field.value === kind;
          return (
            <Paper
              key={kind}
              variant="outlined"
              component="label"
              sx={{
                p: 1.5,
                borderRadius: 2,
                display: 'flex',
                gap: 1,
                cursor: locked ? 'default' : 'pointer',
                borderColor: checked ? 'primary.main' : undefined,
                bgcolor: checked ? 'action.selected' : undefined,
                opacity: locked && !checked ? 0.5 : 1,
              }}
            >
              <Radio
                checked={checked}
                disabled={locked}
                onChange={() => field.onChange(kind)}
                value={kind}
                name="kind"
                sx={{ p: 0.5, alignSelf: 'flex-start' }}
                slotProps={{ input: { 'aria-label': translate(`${K}.kinds.${kind}.title`) } }}
              />
              <Box>
                <Typography variant="subtitle2">{translate(`${K}.kinds.${kind}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`${K}.kinds.${kind}.body`)}
                </Typography>
              </Box>
            </Paper>
          );
        })}
      </Box>
      {locked ? <FormHelperText>{translate(`${K}.form.kind_locked`)}</FormHelperText> : null}
    </FormControl>
  );
};

/** The days it runs as seven toggles (none: every day); stored as the list of WEEKDAYS. */
const WeekdaysInput = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field } = useController({ name: 'daysOfWeek' });
  const names = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'zh-CN' ? 'zh-CN' : 'en', {
      weekday: 'short',
      timeZone: 'UTC',
    });
    // 2024-01-01 was a Monday
    return WEEKDAYS.map((_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
  }, [locale]);
  const chosen = weekdaysOf(field.value);
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {translate(`${K}.form.days`)}
      </FormLabel>
      <ToggleButtonGroup
        value={chosen}
        onChange={(_, next: string[]) => field.onChange(WEEKDAYS.filter((d) => next.includes(d)))}
        size="small"
        sx={{ flexWrap: 'wrap' }}
      >
        {WEEKDAYS.map((day, i) => (
          <ToggleButton key={day} value={day} sx={{ minWidth: 44 }}>
            {names[i]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormHelperText>{chosen.length === 0 ? translate(`${K}.form.every_day`) : ' '}</FormHelperText>
    </FormControl>
  );
};

/** The stores it runs at, by name, of the campaign's company (none: every store). */
const StoresInput = () => {
  const translate = useTranslate();
  const companyId = useCompanyId();
  return (
    <ReferenceArrayInput source="storeIds" reference="store" filter={companyId === null ? {} : { companyId }}>
      <AutocompleteArrayInput
        optionText="name"
        label={translate(`${K}.form.stores`)}
        helperText={translate(`${K}.form.stores_help`)}
      />
    </ReferenceArrayInput>
  );
};

/** One field of the kind: the days and stores by their own inputs, the rest as generated. */
const Field = ({ name, view }: { name: string; view: 'create' | 'edit' }) => {
  const rules = useRuleValidators(decl);
  if (name === 'daysOfWeek')
    return (
      <FormCell wide>
        <WeekdaysInput />
      </FormCell>
    );
  if (name === 'storeIds')
    return (
      <FormCell wide>
        <StoresInput />
      </FormCell>
    );
  return formFieldOf(decl, fieldOf(name), view, rules);
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ width: '100%' }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
      {title}
    </Typography>
    <FormGrid>{children}</FormGrid>
  </Box>
);

/** The fields a kind does not use go back to empty (or their default) when the kind changes: what is saved is what is shown. */
const useKindFields = (kind: CampaignKind | undefined): Set<string> => {
  const { setValue, getValues } = useFormContext();
  const bonusCondition: unknown = useWatch({ name: 'bonusCondition' });
  const used = useMemo(() => {
    const fields = new Set<string>([...CAMPAIGN_COMMON_FIELDS, ...(kind ? CAMPAIGN_KIND_FIELDS[kind] : [])]);
    if (bonusCondition !== 'RECEIPT_OVER') fields.delete('minAmount');
    return fields;
  }, [kind, bonusCondition]);
  useEffect(() => {
    if (kind === undefined) return;
    for (const name of Object.values(SECTIONS).flat()) {
      if (used.has(name)) continue;
      // back to the declared default (a period of 30 days), else empty
      const field = fieldOf(name);
      const empty = 'default' in field && field.default !== undefined ? field.default : null;
      const value: unknown = getValues(name);
      if (value !== undefined && value !== empty) setValue(name, empty, { shouldDirty: true });
    }
  }, [kind, used, getValues, setValue]);
  return used;
};

const PreviewLines = ({ preview }: { preview: CampaignPreview }) => {
  const translate = useTranslate();
  const money = useMoney();
  const stamping = preview.basis === 'STAMPINGS_LAST_30_DAYS';
  return (
    <Stack spacing={0.75} role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate(`${K}.preview.basis.${preview.basis}`, { ...preview })}
      </Typography>
      {preview.heldOut > 0 ? (
        <Typography variant="body2">
          {translate(`${K}.preview.held_out`, { held: preview.heldOut })}
        </Typography>
      ) : null}
      <Typography variant="body2">
        {stamping
          ? translate(Number(preview.value) > 0 ? `${K}.preview.stamps_value` : `${K}.preview.stamps`, {
              rewards: preview.rewards,
              value: money(preview.value),
            })
          : translate(`${K}.preview.vouchers`, {
              rewards: preview.rewards,
              value: money(preview.value),
              charge: money(preview.charge),
            })}
      </Typography>
    </Stack>
  );
};

const PreviewState = ({ state }: { state: Loadable<CampaignPreview> | 'incomplete' | 'company' }) => {
  const translate = useTranslate();
  if (state === 'incomplete' || state === 'company' || state.status === 'idle')
    return (
      <Alert severity="info" variant="outlined">
        {translate(state === 'company' ? `${K}.preview.company` : `${K}.preview.incomplete`)}
      </Alert>
    );
  if (state.status === 'loading') return <LinearProgress aria-label={translate(`${K}.preview.counting`)} />;
  if (state.status === 'error')
    return (
      <Alert severity="warning" variant="outlined">
        {`${translate(`${K}.preview.failed`)} ${apiErrorLines(state.error)[0] ?? ''}`}
      </Alert>
    );
  return <PreviewLines preview={state.data} />;
};

/** Whom the campaign being edited would reach and what it would cost, asked as it changes. */
const PreviewPanel = () => {
  const translate = useTranslate();
  const values = useWatch() as Record<string, unknown>;
  const isOperator = useRole() === 'operator';
  const companyId = useCompanyId();
  const body = isOperator && companyId === null ? null : previewBodyOf(values, isOperator ? companyId : null);
  const state = useCampaignPreview(body);
  return (
    <AsidePanel title={translate(`${K}.preview.title`)}>
      <PreviewState
        state={isOperator && companyId === null ? 'company' : body === null ? 'incomplete' : state}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.preview.help`)}
      </Typography>
    </AsidePanel>
  );
};

/** The form: the kind, then the fields it uses by section, and the preview beside them. */
const CampaignFields = ({ view, scope }: { view: 'create' | 'edit'; scope?: ReactNode }) => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const kind: unknown = useWatch({ name: 'kind' });
  const used = useKindFields(
    CAMPAIGN_KINDS.includes(kind as CampaignKind) ? (kind as CampaignKind) : undefined,
  );
  const section = (name: keyof typeof SECTIONS) =>
    SECTIONS[name].filter((f) => used.has(f)).map((f) => <Field key={f} name={f} view={view} />);
  const locked = view === 'edit' && record?.state !== undefined && record.state !== 'DRAFT';
  const holdout = Number(useWatch({ name: 'holdoutPercent' }) ?? 0);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' },
        gap: { xs: 3, lg: 4 },
        width: '100%',
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <FormGrid>
          {scope}
          <Field name="name" view={view} />
          <FormCell wide>
            <KindPicker locked={locked} />
          </FormCell>
          <Field name="description" view={view} />
        </FormGrid>
        {typeof kind === 'string' ? (
          <>
            <Section title={translate(`${K}.form.reward`)}>{section('reward')}</Section>
            <Section title={translate(`${K}.form.when`)}>{section('when')}</Section>
            <Section title={translate(`${K}.form.limits`)}>
              {section('limits')}
              {holdout > 0 ? (
                <FormCell wide>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`${K}.form.holdout_help`, { percent: holdout })}
                  </Typography>
                </FormCell>
              ) : null}
            </Section>
          </>
        ) : null}
      </Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 }, minWidth: 0 }}>
        <PreviewPanel />
      </Box>
    </Box>
  );
};

/** react-admin's create view of campaigns (registered through src/pages/resources/overrides.ts). */
export const CampaignCreate = (props: Partial<CreateProps>) => {
  // made once: a new record on a later render would reset the form
  const [record] = useState(() => ({ startAt: new Date().toISOString(), holdoutPercent: 0, periodDays: 30 }));
  return (
    <GeneratedCreate
      resource={decl.name}
      redirect="show"
      record={record}
      fields={(scope) => <CampaignFields view="create" scope={scope} />}
      {...props}
    />
  );
};

/** react-admin's edit view of campaigns: only what changed goes out. */
export const CampaignEdit = (props: Partial<EditProps>) => (
  <GeneratedEdit resource={decl.name} fields={<CampaignFields view="edit" />} redirect="show" {...props} />
);
