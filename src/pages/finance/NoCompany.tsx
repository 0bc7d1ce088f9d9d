import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** What the finance screens show a merchant whose company is not set up yet. */
export const NoCompany = () => {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" component={Link} to="/organization">
          {translate('financePages.no_company_action')}
        </Button>
      }
    >
      {translate('financePages.no_company')}
    </Alert>
  );
};
