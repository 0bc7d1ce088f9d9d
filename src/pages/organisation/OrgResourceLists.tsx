// The brand and store lists (/organization/brand, /organization/store) as generated, plus, for a
// merchant who may ask for one, a button to the hierarchy page where brands and stores are requested
// (the declarations' ADD is the operator's direct create, so merchants get no Create button).
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import { Box, Button } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { GeneratedList, type GeneratedListProps } from '../../builders/GeneratedList';
import { useMayRequest } from './api';
import { ORG_HIERARCHY_PATH } from './paths';

/** A brand or store list with, for a merchant who may ask for one, the link to the hierarchy page. */
const OrgResourceList = ({ resource, ...props }: GeneratedListProps & { resource: 'brand' | 'store' }) => {
  const translate = useTranslate();
  const mayRequest = useMayRequest(resource);
  return (
    <>
      {mayRequest ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button
            component={LinkBase}
            to={ORG_HIERARCHY_PATH}
            variant="outlined"
            size="small"
            startIcon={<AccountTreeOutlined />}
          >
            {translate(`hierarchy.request.open_hierarchy_${resource}`)}
          </Button>
        </Box>
      ) : null}
      <GeneratedList {...props} resource={resource} />
    </>
  );
};

export const BrandList = (props: GeneratedListProps) => <OrgResourceList {...props} resource="brand" />;
export const StoreList = (props: GeneratedListProps) => <OrgResourceList {...props} resource="store" />;
export { CompanyShow } from './CompanyShow';
