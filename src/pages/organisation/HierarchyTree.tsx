// The company > brands > stores tree of GET /organization/hierarchy: nested lists that expand and
// collapse, each node with its state chip, a link to its show screen and (where allowed) its edit
// screen; merchants also get the request buttons.
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import UnfoldLessOutlined from '@mui/icons-material/UnfoldLessOutlined';
import UnfoldMoreOutlined from '@mui/icons-material/UnfoldMoreOutlined';
import { Box, Button, Collapse, IconButton, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { type ComponentType, type ReactNode, useState } from 'react';
import { LinkBase, useCanAccess, useCreatePath, useTranslate } from 'react-admin';
import type { OrgState } from '../../../contract/enums';
import { OrgStateChip } from '../../components/OrgStateChip';
import type { Hierarchy, OrgBrand, OrgStore } from './api';

type NodeResource = 'company' | 'brand' | 'store';

const keyOf = (resource: NodeResource, id: number) => `${resource}:${id}`;

/** Every expandable node of the tree: the company and its brands. */
const allKeys = (data: Hierarchy): string[] => [
  keyOf('company', data.company.id),
  ...data.brands.map((b) => keyOf('brand', b.id)),
];

const INDENT = 4;

const NodeRow = ({
  resource,
  id,
  name,
  state,
  icon: Icon,
  depth,
  expanded,
  onToggle,
  details,
  actions,
}: {
  resource: NodeResource;
  id: number;
  name: string;
  state: OrgState;
  icon: ComponentType<{ fontSize?: 'small'; color?: 'action' }>;
  depth: number;
  /** undefined: a leaf (no toggle) */
  expanded?: boolean;
  onToggle?: () => void;
  details?: ReactNode;
  actions?: ReactNode;
}) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: mayEdit } = useCanAccess({ resource, action: 'edit' });
  const kind = translate(`hierarchy.kind.${resource}`);
  return (
    <Box
      data-testid={`node-${resource}-${id}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1,
        rowGap: 0.5,
        py: 1,
        pr: 1.5,
        pl: 1 + depth * INDENT,
        borderBottom: 1,
        borderColor: 'divider',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      {onToggle ? (
        <IconButton
          size="small"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label={translate(expanded ? 'hierarchy.tree.collapse_node' : 'hierarchy.tree.expand_node', {
            name,
          })}
        >
          <ExpandMore
            fontSize="small"
            sx={{
              transform: expanded ? 'none' : 'rotate(-90deg)',
              transition: (t) => t.transitions.create('transform'),
            }}
          />
        </IconButton>
      ) : (
        <Box sx={{ width: 34, flexShrink: 0 }} />
      )}
      <Tooltip title={kind}>
        {/* the icon says the node's kind: an image by that name (a label on a plain div is not read) */}
        <Box sx={{ display: 'flex' }} role="img" aria-label={kind}>
          <Icon fontSize="small" color="action" />
        </Box>
      </Tooltip>
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Link
            component={LinkBase}
            to={createPath({ resource, id, type: 'show' })}
            underline="hover"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {name}
          </Link>
          <OrgStateChip state={state} />
        </Stack>
        {details ? (
          <Typography
            variant="body2"
            color="text.secondary"
            component="div"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {details}
          </Typography>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
        {actions}
        {mayEdit ? (
          <Tooltip title={translate('hierarchy.tree.edit', { name })}>
            <IconButton
              size="small"
              component={LinkBase}
              to={createPath({ resource, id, type: 'edit' })}
              aria-label={translate('hierarchy.tree.edit', { name })}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
    </Box>
  );
};

const storeDetails = (store: OrgStore): string | undefined =>
  [store.address, store.postalCode].filter((v) => typeof v === 'string' && v.trim() !== '').join(', ') ||
  undefined;

export interface HierarchyTreeProps {
  data: Hierarchy;
  /** show the merchant's request buttons (brand under the company, store under an ACTIVE brand) */
  mayRequestBrand?: boolean;
  mayRequestStore?: boolean;
  onRequestBrand?: () => void;
  onRequestStore?: (brand: OrgBrand) => void;
}

/** The navigable tree; every node starts expanded. */
export const HierarchyTree = ({
  data,
  mayRequestBrand = false,
  mayRequestStore = false,
  onRequestBrand,
  onRequestStore,
}: HierarchyTreeProps) => {
  const translate = useTranslate();
  // The collapsed nodes (not the expanded ones), so that a node added later starts expanded.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (key: string) => !collapsed.has(key);
  const toggle = (key: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const { company, brands } = data;
  const companyKey = keyOf('company', company.id);
  const storeCount = brands.reduce((n, b) => n + b.stores.length, 0);

  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('hierarchy.tree.summary', {
            brands: translate('hierarchy.tree.brands', { smart_count: brands.length }),
            stores: translate('hierarchy.tree.stores', { smart_count: storeCount }),
          })}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<UnfoldMoreOutlined />} onClick={() => setCollapsed(new Set())}>
            {translate('hierarchy.tree.expand_all')}
          </Button>
          <Button
            size="small"
            startIcon={<UnfoldLessOutlined />}
            onClick={() => setCollapsed(new Set(allKeys(data)))}
          >
            {translate('hierarchy.tree.collapse_all')}
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0, overflow: 'hidden' }}>
        <li>
          <NodeRow
            resource="company"
            id={company.id}
            name={company.name}
            state={company.state}
            icon={ApartmentOutlined}
            depth={0}
            expanded={isOpen(companyKey)}
            onToggle={() => toggle(companyKey)}
            details={[company.registrationNo, company.contactEmail].filter(Boolean).join(' · ') || undefined}
            actions={
              mayRequestBrand && onRequestBrand ? (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<AddBusinessOutlined />}
                  onClick={onRequestBrand}
                >
                  {translate('hierarchy.request.brand_button')}
                </Button>
              ) : null
            }
          />
          <Collapse in={isOpen(companyKey)} unmountOnExit>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {brands.length === 0 ? (
                <Box component="li" sx={{ py: 1.5, pl: 1 + INDENT + 5, color: 'text.secondary' }}>
                  {translate('hierarchy.tree.no_brands')}
                </Box>
              ) : null}
              {brands.map((brand) => {
                const brandKey = keyOf('brand', brand.id);
                return (
                  <li key={brand.id}>
                    <NodeRow
                      resource="brand"
                      id={brand.id}
                      name={brand.name}
                      state={brand.state}
                      icon={LocalOfferOutlined}
                      depth={1}
                      expanded={isOpen(brandKey)}
                      onToggle={() => toggle(brandKey)}
                      details={translate('hierarchy.tree.stores', { smart_count: brand.stores.length })}
                      actions={
                        mayRequestStore && onRequestStore && brand.state === 'ACTIVE' ? (
                          <Button
                            size="small"
                            variant="outlined"
                            startIcon={<AddLocationAltOutlined />}
                            onClick={() => onRequestStore(brand)}
                            aria-label={translate('hierarchy.request.store_button_for', {
                              brand: brand.name,
                            })}
                          >
                            {translate('hierarchy.request.store_button')}
                          </Button>
                        ) : null
                      }
                    />
                    <Collapse in={isOpen(brandKey)} unmountOnExit>
                      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                        {brand.stores.length === 0 ? (
                          <Box
                            component="li"
                            sx={{
                              py: 1.5,
                              pl: 1 + 2 * INDENT + 5,
                              color: 'text.secondary',
                              borderBottom: 1,
                              borderColor: 'divider',
                            }}
                          >
                            {translate('hierarchy.tree.no_stores')}
                          </Box>
                        ) : null}
                        {brand.stores.map((store) => (
                          <li key={store.id}>
                            <NodeRow
                              resource="store"
                              id={store.id}
                              name={store.name}
                              state={store.state}
                              icon={StorefrontOutlined}
                              depth={2}
                              details={storeDetails(store)}
                            />
                          </li>
                        ))}
                      </Box>
                    </Collapse>
                  </li>
                );
              })}
            </Box>
          </Collapse>
        </li>
      </Paper>
    </Box>
  );
};
