import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';

export const BackToHelp = () => {
  const translate = useTranslate();
  return (
    <Button component={LinkBase} to="/help" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      {translate('pages.help.back')}
    </Button>
  );
};
