// A company's show view: the generated one (every declared field, Enable / Disable and Edit, exactly as
// src/builders/GeneratedShow.tsx makes it) with, for operators, the company's wallet beside it (GET
// …/companies/{id}/wallet): the finance screens are the merchant's, but a closed company's merchants can
// no longer sign in and its money stays (issue 40 item 3). A closed company says what its state stops.
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { type RaRecord, type ShowProps, useRecordContext, useTranslate } from 'react-admin';
import { CLOSED_ORG_STATES } from '../../../contract/enums';
import { type CompanyWallet, FINANCE_PATHS } from '../../../contract/finance';
import { formatMoney } from '../../../contract/format';
import { GeneratedShow } from '../../builders/GeneratedShow';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { pathId } from '../../components/operations/api';
import { Detail } from '../../components/operations/details';
import { type Loadable, loadInto } from '../../components/operations/useLoadable';
import { useCaller } from '../../components/useCaller';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { companyClosureEn } from '../../i18n/rules.en';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(companyClosureEn);

const K = 'organisation.companyWallet';

const isClosed = (state: unknown): state is (typeof CLOSED_ORG_STATES)[number] =>
  (CLOSED_ORG_STATES as readonly unknown[]).includes(state);

/** What a closed company's state stops, above its fields. */
const ClosedNotice = () => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!isClosed(record?.state)) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="company-closed">
      {translate(`${K}.closed_${record.state}`)}
    </Alert>
  );
};

/** The company's wallet as an operator sees it: balance, ledger count and the last movement. */
const CompanyWalletPanel = () => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const http = useHttpClient();
  const dates = useDates();
  const id = record?.id;
  const [state, setState] = useState<Loadable<CompanyWallet>>({ status: 'idle' });
  useEffect(() => {
    if (id === undefined) return;
    return loadInto(
      setState,
      async () =>
        (
          await http<CompanyWallet>(FINANCE_PATHS.companyWallet.replace(':id', pathId(id)), {
            service: 'payment',
          })
        ).data,
      { keepShown: true },
    );
  }, [http, id]);
  return (
    <Card variant="outlined" component="section" aria-labelledby="company-wallet-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <AccountBalanceWalletOutlined color="action" aria-hidden />
          <Typography id="company-wallet-title" variant="h6" component="h2">
            {translate(`${K}.title`)}
          </Typography>
        </Stack>
        {state.status === 'loading' && <LinearProgress aria-label={translate(`${K}.title`)} />}
        {state.status === 'error' && <Alert severity="error">{translate(`${K}.failed`)}</Alert>}
        {state.status === 'ready' && (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
          >
            <Detail label={translate(`${K}.balance`)}>
              <Typography variant="h5" component="span">
                {formatMoney(state.data.balance, state.data.currency)}
              </Typography>
            </Detail>
            <Detail label={translate(`${K}.movements`)}>{state.data.movements}</Detail>
            <Detail label={translate(`${K}.last_movement`)}>
              {state.data.lastMovementAt ? dates.dateTime(state.data.lastMovementAt) : translate(`${K}.none`)}
            </Detail>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

export const CompanyShow = (props: Partial<ShowProps>) => {
  const { caller } = useCaller();
  const operator = caller?.isOperator === true;
  return (
    <GeneratedShow
      {...(operator
        ? {
            aside: (
              <Box sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0, alignSelf: 'flex-start' }}>
                <CompanyWalletPanel />
              </Box>
            ),
          }
        : {})}
      notice={<ClosedNotice />}
      {...props}
      resource="company"
    />
  );
};
