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

/** Operators only (the route table says so): the operators, and inviting another operator. */
export const OperatorAccessPage = () => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const title = translate('common.screens.operator_access');
  if (!caller) return <Loading />;
  return (
    <Box>
      <Heading title={title} />
      <PeopleList
        caller={caller}
        type="OPERATOR"
        inviteKind="operator"
        title={title}
        storeKey="access.operators.listParams"
      />
    </Box>
  );
};

/** Operators: every merchant (filterable by company). Merchants: the people of their own company. */
export const MerchantAccessPage = () => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const title = translate('common.screens.merchant_access');
  if (!caller) return <Loading />;
  return (
    <Box>
      <Heading title={title} />
      <PeopleList
        caller={caller}
        type="MERCHANT"
        inviteKind={caller.isOperator ? 'operatorMerchant' : 'merchant'}
        title={title}
        storeKey={caller.isOperator ? 'access.merchants.listParams' : 'access.colleagues.listParams'}
      />
    </Box>
  );
};

/** /operator: the operators (operators only), as Operator Access lists them. */
export const OperatorsPage = () => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const title = translate('common.screens.operator');
  if (!caller) return <Loading />;
  return (
    <Box>
      <Heading title={title} />
      <PeopleList
        caller={caller}
        type="OPERATOR"
        inviteKind="operator"
        title={title}
        storeKey="people.operators"
      />
    </Box>
  );
};

/** /merchant: operators see every merchant, merchants the people of their own company. */
export const MerchantsPage = () => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const title = translate('common.screens.merchant');
  if (!caller) return <Loading />;
  return (
    <Box>
      <Heading title={title} />
      <PeopleList
        caller={caller}
        type="MERCHANT"
        inviteKind={caller.isOperator ? 'operatorMerchant' : 'merchant'}
        title={title}
        storeKey={caller.isOperator ? 'people.merchants' : 'people.colleagues'}
      />
    </Box>
  );
};
