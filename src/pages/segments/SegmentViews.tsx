// A segment's create and edit views (issue 25; replace the generated ones, src/pages/resources/
// overrides.ts): its name and description as generated, and instead of the filter's raw JSON a real
// editor, a row per condition of field / operator / value pickers over the members list's filters
// (contract/members.ts MEMBER_FILTER_FIELDS: levels, brands and stores picked by name, days, numbers,
// yes / no), with beside it how many members the segment reaches now ("Reaches 1,234 members").
// The form's `filter` is the list the server stores, so what is saved is exactly what the rows show.
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  type CreateProps,
  type EditProps,
  type RaRecord,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { segments } from '../../../resources/tables/segments';
import { useRole } from '../../builders/buttons';
import { fieldsIn, isUnwritable, type ResourceDeclaration } from '../../builders/declarations';
import { GeneratedCreate } from '../../builders/GeneratedCreate';
import { GeneratedEdit } from '../../builders/GeneratedEdit';
import { FormCell, FormGrid, formFieldOf, useRuleValidators } from '../../builders/inputs';
import { listRedirectOf } from '../../builders/specRoute';
import { apiErrorLines } from '../../components/apiError';
import { AsidePanel } from '../../components/operations/AsidePanel';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { segmentsEn } from '../../i18n/segments.en';
import { type ReachState, useSegmentReach } from './api';
import { SegmentFilterInput, useCompanyId } from './SegmentFilterInput';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(segmentsEn);

const K = 'segmentPages';
const decl = segments as unknown as ResourceDeclaration;

/** "Reaches 1,234 members", or what it still needs, or why it could not be counted. */
export const ReachLine = ({ state }: { state: ReachState }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const fmt = (n: number) => new Intl.NumberFormat(locale === 'zh-CN' ? 'zh-CN' : 'en').format(n);
  switch (state.status) {
    case 'incomplete':
    case 'company':
      return (
        <Alert severity="info" variant="outlined">
          {translate(`${K}.reach.${state.status}`)}
        </Alert>
      );
    case 'error':
      return (
        <Alert severity="warning" variant="outlined">
          {`${translate(`${K}.reach.failed`)} ${apiErrorLines(state.error)[0] ?? ''}`}
        </Alert>
      );
    case 'loading':
      return (
        <Box aria-busy="true">
          {state.previous !== null ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {translate(`${K}.reach.members`, { smart_count: state.previous, count: fmt(state.previous) })}
            </Typography>
          ) : null}
          <LinearProgress aria-label={translate(`${K}.reach.counting`)} />
        </Box>
      );
    case 'ready':
      return (
        <Alert severity={state.members === 0 ? 'warning' : 'success'} variant="outlined" role="status">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`${K}.reach.members`, { smart_count: state.members, count: fmt(state.members) })}
          </Typography>
          {state.members === 0 ? (
            <Typography variant="body2">{translate(`${K}.reach.none`)}</Typography>
          ) : null}
        </Alert>
      );
    default: {
      const never: never = state;
      throw new Error(`unknown state ${String(never)}`);
    }
  }
};

/** The live reach of the filter being edited, beside the form. */
const ReachPanel = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const filter: unknown = useWatch({ name: 'filter' });
  const companyId = useCompanyId();
  const isOperator = useRole() === 'operator';
  const saved = record?.id !== undefined ? { id: record.id, filter: record.filter } : undefined;
  const state = useSegmentReach(filter, saved, companyId, isOperator);
  return (
    <AsidePanel title={translate(`${K}.reach.title`)}>
      <ReachLine state={state} />
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.reach.help`)}
      </Typography>
    </AsidePanel>
  );
};

/** The form's fields, the filter editor in the filter's place, and the reach beside them. */
const SegmentFields = ({ view, scope }: { view: 'create' | 'edit'; scope?: ReactNode }) => {
  const rules = useRuleValidators(decl);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' },
        gap: { xs: 2, lg: 4 },
        width: '100%',
        alignItems: 'start',
      }}
    >
      <FormGrid>
        {scope}
        {fieldsIn(decl, view)
          .filter((f) => view === 'edit' || !isUnwritable(f))
          .map((f) =>
            f.name === 'filter' ? (
              <FormCell key={f.name} wide>
                <SegmentFilterInput />
              </FormCell>
            ) : (
              formFieldOf(decl, f, view, rules)
            ),
          )}
      </FormGrid>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 }, minWidth: 0 }}>
        <ReachPanel />
      </Box>
    </Box>
  );
};

/** react-admin's create view of segments (registered through src/pages/resources/overrides.ts). */
export const SegmentCreate = (props: Partial<CreateProps>) => (
  <GeneratedCreate
    resource={decl.name}
    redirect={listRedirectOf(decl)}
    record={{ filter: [] }}
    fields={(scope) => <SegmentFields view="create" scope={scope} />}
    {...props}
  />
);

/** react-admin's edit view of segments: only what changed goes out. */
export const SegmentEdit = (props: Partial<EditProps>) => (
  <GeneratedEdit resource={decl.name} fields={<SegmentFields view="edit" />} {...props} />
);
