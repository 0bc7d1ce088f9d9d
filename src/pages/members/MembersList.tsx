// The members list at /aotg/list (issue 25): GET /members with the contract's list parameters, a search
// box over mobile and name, the members filters of contract/members.ts (a company for operators, level,
// brand, store, last visit from/to, stamps in the window at least, holds an available voucher), the
// sortable columns and the server's CSV export. A row opens the member's profile (/aotg/member).
import { Box, Chip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DataTable,
  List,
  NumberField,
  NumberInput,
  type RaRecord,
  ReferenceInput,
  SearchInput,
  SimpleList,
  TextField,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { MemberLevelRef } from '../../../contract/members';
import { brand, company, store } from '../../../resources';
import { memberLevels } from '../../../resources/tables/memberLevels';
import { members } from '../../../resources/tables/members';
import { ListActions, useRole } from '../../builders/buttons';
import { type GeneratedListProps, ListAccess } from '../../builders/GeneratedList';
import { TimeInput } from '../../components/DatePickers';
import { useDates } from '../../components/dates';
import { LocalDateField } from '../../components/LocalDateField';
import { useIsPhone } from '../../components/useIsPhone';
import { importsEn } from '../../i18n/imports.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { membersHintEn } from '../../i18n/rules.en';
import { ImportButton } from '../imports/ImportButton';
import { memberProfilePath } from './paths';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(importsEn);
addEnglishMessages(membersHintEn);

const K = 'memberPages.list';

/** The member's level at the row's company, as a chip; a dash without one. */
export const LevelChip = ({ level }: { level: MemberLevelRef | null | undefined }) =>
  level ? (
    <Chip size="small" color="primary" variant="outlined" label={level.name} />
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      —
    </Box>
  );

const LevelCell = () => {
  const record = useRecordContext<RaRecord & { level?: MemberLevelRef | null }>();
  return <LevelChip level={record?.level} />;
};

const reference = (source: string, ref: string, label: string, extra: Record<string, unknown> = {}) => (
  <ReferenceInput key={source} source={source} reference={ref} {...extra}>
    <AutocompleteInput label={label} sx={{ minWidth: 200 }} />
  </ReferenceInput>
);

const useFilters = (operator: boolean): ReactElement[] => {
  const translate = useTranslate();
  const t = (key: string) => translate(`${K}.${key}`);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('search')} />,
    ...(operator ? [reference('companyId', company.name, t('company'), { alwaysOn: true })] : []),
    reference('levelId', memberLevels.name, t('level'), { sort: { field: 'rank', order: 'ASC' } }),
    reference('brandId', brand.name, t('brand')),
    reference('storeId', store.name, t('store')),
    <TimeInput key="lastVisitAt_gte" source="lastVisitAt_gte" label={t('last_visit_from')} />,
    <TimeInput key="lastVisitAt_lte" source="lastVisitAt_lte" label={t('last_visit_to')} />,
    <NumberInput
      key="daysSinceLastVisit_gte"
      source="daysSinceLastVisit_gte"
      label={t('away_at_least')}
      min={0}
    />,
    <NumberInput key="stampsInWindow_gte" source="stampsInWindow_gte" label={t('stamps_at_least')} min={0} />,
    <BooleanInput key="hasAvailableVoucher" source="hasAvailableVoucher" label={t('has_voucher')} />,
  ];
};

const rowClick = (_id: unknown, _resource: string, record: RaRecord) =>
  memberProfilePath(String(record.mobile ?? ''));

/** The filters that name a company (an operator's activity columns sort only with one). */
const COMPANY_FILTERS = ['companyId', 'levelId', 'brandId', 'storeId'];

/**
 * Why an operator's activity columns are empty (issue 40 item 8): a member's level and activity are a
 * company's, so the list of every member shows them once a filter names a company.
 */
const PickCompanyHint = () => {
  const translate = useTranslate();
  const operator = useRole() === 'operator';
  const { filterValues } = useListContext();
  if (!operator || COMPANY_FILTERS.some((f) => filterValues[f] !== undefined)) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="note" sx={{ px: 2, py: 1 }}>
      {translate(`${K}.pick_company`)}
    </Typography>
  );
};

const MembersTable = () => {
  const translate = useTranslate();
  const operator = useRole() === 'operator';
  const { filterValues } = useListContext();
  const t = (key: string) => translate(`${K}.${key}`);
  // an operator's list of every member has no activity to sort on until a company is named
  const perCompany = !operator || COMPANY_FILTERS.some((f) => filterValues[f] !== undefined);
  return (
    <DataTable rowClick={rowClick} bulkActionButtons={false}>
      <DataTable.Col source="mobile" label={t('mobile')} />
      <DataTable.Col source="name" label={t('name')}>
        <TextField source="name" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="measureValue" label={t('level')} disableSort={!perCompany}>
        <LevelCell />
      </DataTable.Col>
      <DataTable.Col source="stampsInWindow" label={t('stamps')} disableSort={!perCompany}>
        <NumberField source="stampsInWindow" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="visitsInWindow" label={t('visits')} disableSort={!perCompany}>
        <NumberField source="visitsInWindow" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="lastVisitAt" label={t('last_visit')} disableSort={!perCompany}>
        <LocalDateField source="lastVisitAt" showTime emptyText="—" />
      </DataTable.Col>
    </DataTable>
  );
};

/** /aotg/list */
export const MembersList = ({ storeKey, title }: GeneratedListProps) => {
  const translate = useTranslate();
  const operator = useRole() === 'operator';
  const phone = useIsPhone();
  const dates = useDates();
  const filters = useFilters(operator);
  return (
    <ListAccess resource={members.name}>
      <List
        resource={members.name}
        disableAuthentication
        // a company's members highest level first (by its measure); an operator's everyone newest first
        sort={operator ? { field: 'createTime', order: 'DESC' } : { field: 'measureValue', order: 'DESC' }}
        filters={filters}
        actions={
          <ListActions decl={members} extra={<ImportButton kind="members" label="importPages.open" />} />
        }
        exporter={false}
        empty={false}
        {...(storeKey !== undefined ? { storeKey } : {})}
        {...(title !== undefined ? { title } : {})}
      >
        <PickCompanyHint />
        {phone ? (
          <SimpleList
            rowClick={rowClick}
            primaryText={(r: RaRecord) => String(r.mobile ?? '')}
            secondaryText={(r: RaRecord) =>
              [
                typeof r.name === 'string' && r.name !== '' ? r.name : null,
                r.level ? (r.level as MemberLevelRef).name : null,
                typeof r.stampsInWindow === 'number'
                  ? translate(`${K}.stamps_n`, { smart_count: r.stampsInWindow })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')
            }
            // the day of the last visit in the viewer's zone (a date-time, not a declared day)
            tertiaryText={(r: RaRecord) =>
              typeof r.lastVisitAt === 'string' ? dates.date(r.lastVisitAt) : ''
            }
          />
        ) : (
          <MembersTable />
        )}
      </List>
    </ListAccess>
  );
};
