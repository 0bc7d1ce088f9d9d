// /finance and /finance/wallet/balance: the merchant's wallet (balance, its last movements and
// top-ups) with the way to add money. Finance is the merchant's: operators never reach these routes.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useDates } from '../../components/dates';
import { useLoadable } from '../../components/operations/useLoadable';
import { LoadingLine, PageHeading } from '../../components/PageHeading';
import { PlainTable } from '../../components/PlainTable';
import { SectionCard } from '../../components/SectionCard';
import { useIsPhone } from '../../components/useIsPhone';
import { fetchMovements, fetchPayments, fetchWallet, formatMoney } from './api';
import { NoCompany } from './NoCompany';
import { StripeConnectCard } from './StripeConnectCard';
import { useHasWallet } from './useFinanceCompany';

const K = 'financePages';

export const FinancePage = () => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  // the whole payment history, when the caller may list it (a colleague may hold finance only)
  const { canAccess: seesPayments, isPending: paymentsPending } = useCanAccess({
    action: 'list',
    resource: 'payments',
  });
  // the same screen answers the menu's Wallet Balance, titled as the menu names it
  const titleKey =
    useLocation().pathname === '/finance/wallet/balance' ? 'common.screens.wallet_balance' : `${K}.title`;
  const hasWallet = useHasWallet();
  const phone = useIsPhone();
  const state = useLoadable(
    hasWallet === true && !paymentsPending
      ? {
          key: `finance-overview-${seesPayments === true ? 'with' : 'without'}-payments`,
          load: async (http) => {
            // a caller who may not list payments is not sent there to be refused
            const [wallet, movements, payments] = await Promise.all([
              fetchWallet(http),
              fetchMovements(http),
              seesPayments === true ? fetchPayments(http) : Promise.resolve([]),
            ]);
            return { wallet, movements, payments };
          },
        }
      : null,
  );
  return (
    <Box>
      <PageHeading title={translate(titleKey)} />
      {hasWallet === false ? (
        <NoCompany />
      ) : state.status === 'error' ? (
        <Alert severity="error">{translate(`${K}.failed`)}</Alert>
      ) : state.status !== 'ready' ? (
        <LoadingLine text={translate(`${K}.loading`)} />
      ) : (
        <Stack spacing={3}>
          <Card
            variant="outlined"
            sx={{ borderRadius: 3 }}
            component="section"
            aria-labelledby="wallet-balance"
          >
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <AccountBalanceWalletIcon color="primary" fontSize="large" aria-hidden />
                <Box sx={{ flexGrow: 1 }}>
                  <Typography id="wallet-balance" variant="overline" color="text.secondary" component="h2">
                    {translate(`${K}.balance`)}
                  </Typography>
                  <Typography variant="h3" component="p" sx={{ fontWeight: 600 }}>
                    {formatMoney(state.data.wallet.balance, state.data.wallet.currency)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {state.data.wallet.lastMovementAt
                      ? translate(`${K}.last_movement`, { at: dateTime(state.data.wallet.lastMovementAt) })
                      : translate(`${K}.no_movement`)}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1}>
                  <Button component={Link} to="/finance/payment-methods">
                    {translate(`${K}.payment_methods`)}
                  </Button>
                  <Button variant="contained" component={Link} to="/finance/wallet/top-up">
                    {translate(`${K}.top_up`)}
                  </Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>

          <SectionCard
            id="wallet-movements"
            title={translate(`${K}.movements`)}
            headingGap={1}
            action={
              <Button component={Link} to="/finance/wallet/txn/history">
                {translate(`${K}.all_movements`)}
              </Button>
            }
          >
            <PlainTable
              label={translate(`${K}.movements`)}
              frame="scroll"
              empty={translate(`${K}.no_movements`)}
              rows={state.data.movements}
              rowKey={(m) => m.id}
              columns={[
                !phone && {
                  label: translate('resources.walletTransactions.fields.createTime'),
                  render: (m) => dateTime(m.createTime),
                },
                {
                  label: translate('resources.walletTransactions.fields.type'),
                  render: (m) => (
                    <>
                      {translate(`resources.walletTransactions.choices.type.${m.type}`)}
                      {phone ? (
                        // on a phone the reference and the time go under the type, so the
                        // amount and the balance keep their room beside it
                        <Typography variant="caption" component="p" color="text.secondary">
                          {m.reference}
                          <br />
                          {dateTime(m.createTime)}
                        </Typography>
                      ) : null}
                    </>
                  ),
                },
                !phone && {
                  label: translate('resources.walletTransactions.fields.reference'),
                  render: (m) => m.reference,
                },
                {
                  label: translate('resources.walletTransactions.fields.amount'),
                  align: 'right',
                  rowSx: (m) => ({
                    color: m.amount < 0 ? 'error.main' : 'success.main',
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                  }),
                  render: (m) =>
                    `${m.amount > 0 ? '+' : ''}${formatMoney(m.amount, state.data.wallet.currency)}`,
                },
                {
                  label: translate('resources.walletTransactions.fields.balanceAfter'),
                  align: 'right',
                  sx: { whiteSpace: 'nowrap' },
                  render: (m) => formatMoney(m.balanceAfter, state.data.wallet.currency),
                },
              ]}
            />
          </SectionCard>

          {seesPayments === true && (
            <SectionCard
              id="wallet-payments"
              title={translate(`${K}.payments`)}
              headingGap={1}
              action={
                <Button component={Link} to="/transaction/payment-history">
                  {translate(`${K}.all_payments`)}
                </Button>
              }
            >
              {state.data.payments.length === 0 ? (
                <Typography color="text.secondary">{translate(`${K}.no_payments`)}</Typography>
              ) : (
                <Stack spacing={1}>
                  {state.data.payments.map((p) => (
                    <Stack
                      key={p.id}
                      direction="row"
                      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
                    >
                      <Typography sx={{ minWidth: 150 }}>{dateTime(p.createTime)}</Typography>
                      <Typography sx={{ fontWeight: 600, minWidth: 120 }}>
                        {formatMoney(p.amount, p.currency)}
                      </Typography>
                      <Typography color="text.secondary">
                        {translate(`resources.payments.choices.paymentMethod.${p.paymentMethod}`)}
                      </Typography>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={
                          p.state === 'SUCCEEDED' ? 'success' : p.state === 'FAILED' ? 'error' : 'default'
                        }
                        label={translate(`resources.payments.choices.state.${p.state}`)}
                      />
                    </Stack>
                  ))}
                </Stack>
              )}
            </SectionCard>
          )}

          <StripeConnectCard />
        </Stack>
      )}
    </Box>
  );
};

export default FinancePage;
