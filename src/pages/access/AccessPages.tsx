// /access, /access/operator-access and /access/merchant-access (spec sections 2 and 6), and the people
// lists /operator and /merchant: the same people under the User menu's names.
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useCaller } from '../../components/useCaller';
import { PeopleList } from './PeopleList';

const Loading = () => (
  <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
    <CircularProgress size={32} />
  </Box>
);

const Heading = ({ title }: { title: string }) => (
  <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
    {title}
  </Typography>
);

/** /access: merchants go to Merchant Access, operators to Operator Access. */
export const AccessLandingPage = () => {
  const { caller } = useCaller();
  if (!caller) return <Loading />;
  return <Navigate to={caller.isOperator ? '/access/operator-access' : '/access/merchant-access'} replace />;
};

/**
 * A page of people of one type under its title: operators (inviting another operator), or merchants
 * (operators: every merchant, filterable by company; merchants: the people of their own company).
 * `storeKey` keeps each page's own list params.
 */
const PeoplePage = ({
  type,
  titleKey,
  storeKey,
}: {
  type: 'OPERATOR' | 'MERCHANT';
  titleKey: string;
  storeKey: (isOperator: boolean) => string;
}) => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const title = translate(titleKey);
  if (!caller) return <Loading />;
  const inviteKind = type === 'OPERATOR' ? 'operator' : caller.isOperator ? 'operatorMerchant' : 'merchant';
  return (
    <Box>
      <Heading title={title} />
      <PeopleList
        caller={caller}
        type={type}
        inviteKind={inviteKind}
        title={title}
        storeKey={storeKey(caller.isOperator)}
      />
    </Box>
  );
};

/** /access/operator-access, operators only (the route table says so). */
export const OperatorAccessPage = () => (
  <PeoplePage
    type="OPERATOR"
    titleKey="common.screens.operator_access"
    storeKey={() => 'access.operators.listParams'}
  />
);

/** /access/merchant-access. */
export const MerchantAccessPage = () => (
  <PeoplePage
    type="MERCHANT"
    titleKey="common.screens.merchant_access"
    storeKey={(op) => (op ? 'access.merchants.listParams' : 'access.colleagues.listParams')}
  />
);

/** /operator: the operators, under the User menu's name (operators only). */
export const OperatorsPage = () => (
  <PeoplePage type="OPERATOR" titleKey="common.screens.operator" storeKey={() => 'people.operators'} />
);

/** /merchant: the merchants (an operator) or the company's people (a merchant). */
export const MerchantsPage = () => (
  <PeoplePage
    type="MERCHANT"
    titleKey="common.screens.merchant"
    storeKey={(op) => (op ? 'people.merchants' : 'people.colleagues')}
  />
);
