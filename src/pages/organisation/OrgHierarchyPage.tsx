// /organization/org-hierarchy: the company > brands > stores tree. A merchant sees their own company
// and asks for new brands and stores from here; an operator picks a company first and sees its tree
// read-only (apart from the links to each node's screens). /organization lands here too.
import Refresh from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Link, Skeleton, Typography } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import {
  LinkBase,
  Navigate,
  useGetIdentity,
  useLocation,
  useNavigate,
  usePermissions,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Role } from '../../../contract/claims';
import { apiErrorLines, isApiError } from '../../components/apiError';
import { type CompanyOption, CompanyPicker } from '../../components/CompanyPicker';
import { PageFrame } from '../../components/PageFrame';
import {
  type Hierarchy,
  type HierarchyState,
  type OrgBrand,
  type OrgStore,
  useHierarchy,
  useMayRequest,
} from './api';
import { HierarchyTree } from './HierarchyTree';
import { ORG_HIERARCHY_PATH } from './paths';
import { RequestBrandDialog, RequestStoreDialog } from './RequestDialogs';

export { ORG_HIERARCHY_PATH };

const byName = <T extends { name: string; id: number }>(a: T, b: T) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** The tree with a new brand in it (it comes back SUBMITTED, "Waiting for approval"). */
export const withBrand = (data: Hierarchy, brand: OrgBrand): Hierarchy => ({
  ...data,
  brands: [...data.brands.filter((b) => b.id !== brand.id), brand].sort(byName),
});

/** The tree with a new store under its brand. */
export const withStore = (data: Hierarchy, store: OrgStore): Hierarchy => ({
  ...data,
  brands: data.brands.map((b) =>
    b.id === store.brandId
      ? { ...b, stores: [...b.stores.filter((s) => s.id !== store.id), store].sort(byName) }
      : b,
  ),
});

const TreeSkeleton = () => (
  <Box data-testid="hierarchy-loading">
    {[0, 1, 2, 3].map((i) => (
      <Skeleton key={i} height={48} sx={{ ml: i === 0 ? 0 : i === 3 ? 8 : 4 }} />
    ))}
  </Box>
);

/** A failed load: the error's message, code and name, and a way to try again. */
const LoadFailed = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const translate = useTranslate();
  const lines = apiErrorLines(error, translate('common.notice.unknown_error'));
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
          {translate('hierarchy.retry')}
        </Button>
      }
    >
      <Typography variant="subtitle2">{translate('hierarchy.load_failed')}</Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Alert>
  );
};

/** The tree's loading, failure and ready states; `children` renders the ready tree. */
const HierarchyBody = ({
  state,
  onRetry,
  children,
}: {
  state: HierarchyState;
  onRetry: () => void;
  children: (data: Hierarchy) => ReactNode;
}) => {
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return <TreeSkeleton />;
    case 'error':
      if (isApiError(state.error, 'USER_HAS_NO_COMPANY')) return <NoCompany />;
      return <LoadFailed error={state.error} onRetry={onRetry} />;
    case 'ready':
      return <>{children(state.data)}</>;
    default: {
      const never: never = state;
      throw new Error(`unknown state ${JSON.stringify(never)}`);
    }
  }
};

/** A merchant without a company: it comes with the signup. */
const NoCompany = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info">
      {translate('hierarchy.no_company')}{' '}
      <Link component={LinkBase} to="/signup">
        {translate('hierarchy.go_to_signup')}
      </Link>
    </Alert>
  );
};

/** The merchant's own company, with the request buttons and dialogs. */
const MerchantHierarchy = () => {
  const { identity, isPending } = useGetIdentity();
  // without a company there is nothing to ask the server for (it would answer 26420)
  const hasCompany = typeof identity?.companyId === 'number';
  const { state, reload, update } = useHierarchy(undefined, !isPending && hasCompany);
  const mayRequestBrand = useMayRequest('brand');
  const mayRequestStore = useMayRequest('store');
  // The menu's "has a brand" check is a react-admin query: refresh it after a new brand.
  const refresh = useRefresh();
  const [brandOpen, setBrandOpen] = useState(false);
  const [storeBrand, setStoreBrand] = useState<OrgBrand | null>(null);
  return (
    <>
      {!isPending && !hasCompany ? <NoCompany /> : null}
      <HierarchyBody state={state} onRetry={reload}>
        {(data) => (
          <HierarchyTree
            data={data}
            mayRequestBrand={mayRequestBrand}
            mayRequestStore={mayRequestStore}
            onRequestBrand={() => setBrandOpen(true)}
            onRequestStore={setStoreBrand}
          />
        )}
      </HierarchyBody>
      <RequestBrandDialog
        open={brandOpen}
        onClose={() => setBrandOpen(false)}
        onRequested={(brand) => {
          update((data) => withBrand(data, brand));
          refresh();
        }}
      />
      <RequestStoreDialog
        open={storeBrand !== null}
        brand={storeBrand}
        onClose={() => setStoreBrand(null)}
        onRequested={(store) => update((data) => withStore(data, store))}
      />
    </>
  );
};

const COMPANY_ID_PARAM = 'companyId';

/** The operator's view: pick a company (kept in ?companyId= so the page can be linked), then its tree. */
const OperatorHierarchy = () => {
  const translate = useTranslate();
  const { search } = useLocation();
  const navigate = useNavigate();
  const companyId = useMemo(() => {
    const raw = new URLSearchParams(search).get(COMPANY_ID_PARAM);
    const id = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  }, [search]);
  const { state, reload } = useHierarchy(companyId, companyId !== undefined);
  const [picked, setPicked] = useState<CompanyOption | null>(null);
  const value: CompanyOption | null =
    companyId === undefined
      ? null
      : picked?.id === companyId
        ? picked
        : state.status === 'ready' && state.data.company.id === companyId
          ? state.data.company
          : { id: companyId, name: `#${companyId}` };

  const choose = (company: CompanyOption | null) => {
    setPicked(company);
    navigate(company ? `?${COMPANY_ID_PARAM}=${company.id}` : '?', { replace: true });
  };

  return (
    <>
      <CompanyPicker value={value} onChange={choose} />
      {companyId === undefined ? (
        <Alert severity="info">{translate('hierarchy.picker.choose_first')}</Alert>
      ) : (
        <HierarchyBody state={state} onRetry={reload}>
          {(data) => <HierarchyTree data={data} />}
        </HierarchyBody>
      )}
    </>
  );
};

export const OrgHierarchyPage = () => {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<{ role?: Role } | null>();
  const role = permissions?.role;
  return (
    <PageFrame
      title={translate('common.screens.org_hierarchy')}
      intro={
        isPending
          ? undefined
          : translate(role === 'operator' ? 'hierarchy.intro_operator' : 'hierarchy.intro_merchant')
      }
      maxWidth={1040}
    >
      {isPending ? <TreeSkeleton /> : role === 'operator' ? <OperatorHierarchy /> : <MerchantHierarchy />}
    </PageFrame>
  );
};

/** /organization: the group's landing is the hierarchy, for merchants and operators alike. */
export const OrganizationLandingPage = () => <Navigate to={ORG_HIERARCHY_PATH} replace />;
