// The brand and store lists (/organization/brand, /organization/store) as generated, plus, for a
// merchant who may ask for one, a button to the hierarchy page where brands and stores are requested
// (the declarations' ADD is the operator's direct create, so merchants get no Create button).
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import { Box, Button } from '@mui/material';
import type { ComponentType } from 'react';
import { LinkBase, useTranslate } from 'react-admin';
import { brand, store } from '../../../resources';
import { buildResource, type GeneratedListProps } from '../../builders/buildResource';
import { useMayRequest } from './api';
import { ORG_HIERARCHY_PATH } from './paths';

const withRequestLink = (resource: 'brand' | 'store', List: ComponentType<GeneratedListProps>) => {
  const Wrapped = (props: GeneratedListProps) => {
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
        <List {...props} />
      </>
    );
  };
  Wrapped.displayName = `OrgResourceList(${resource})`;
  return Wrapped;
};

export const BrandList = withRequestLink('brand', buildResource(brand).list);
export const StoreList = withRequestLink('store', buildResource(store).list);
