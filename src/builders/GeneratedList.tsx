// A declared table's list: filters from the declared operators, the declared default order, a
// column per list field (a card per row on a phone), and buttons only where the declaration's roles
// and the permission rule allow. The declaration is the one the resource context names.
import { Box } from '@mui/material';
import { cloneElement, type ReactElement, type ReactNode, useDeferredValue, useMemo } from 'react';
import {
  DataTable,
  Empty,
  type Identifier,
  List,
  ListContextProvider,
  type ListProps,
  Pagination,
  type RaRecord,
  SelectField,
  SimpleList,
  useCanAccess,
  useListContext,
} from 'react-admin';
import { useIsPhone } from '../components/useIsPhone';
import { PageLoader } from '../layout/DelayedLoader';
import { NotAllowedPage } from '../layout/NotAllowedPage';
import { ListActions, ListBulkActions, useBulkActions, useMayCreate, useRole } from './buttons';
import { choicesOf } from './choices';
import type { FieldDeclaration, ResourceDeclaration } from './declarations';
import { listColumnsOf, SCOPE_COLUMNS } from './declarations';
import { displayOf, RefField, SelectChip } from './display';
import { CompanyFilter, filtersOf, showsCompany } from './filters';
import { PhoneDetails, phoneCardOf, RowId } from './phoneList';
import { ScopeFilter, useShownScopeColumns } from './ScopeInputs';
import { useDeclaration } from './useDeclaration';

/** What an embedding page (the /DataTableEditView editor) may change about a generated list. */
export interface GeneratedListProps {
  /** the table, when the page is not inside its resource context */
  resource?: string;
  /** the editor keeps its own query string: the list must not write its params there */
  disableSyncWithLocation?: boolean;
  storeKey?: string | false;
  /** replaces 'go to the show page' on a row click */
  onRowClick?: (id: RaRecord['id']) => void;
  /** replaces the Create link (the editor opens its own create view) */
  onCreate?: () => void;
  title?: ListProps['title'];
  /** a permanent filter the user cannot remove (e.g. one member's vouchers) */
  filter?: Record<string, unknown>;
  /** render nothing until the caller has a filter to apply */
  empty?: ListProps['empty'];
  /** a column's cell replaced by a hand-made one (a segment's filter in words), by field name */
  cells?: Readonly<Record<string, ReactElement>>;
  /** a phone card's details replaced by a hand-made line */
  phoneDetails?: ReactElement;
}

/** A row opens its show page, unless the embedding page handles the click (the editor view). */
export const rowClickOf = (onRowClick: GeneratedListProps['onRowClick']) =>
  onRowClick
    ? (id: Identifier) => {
        onRowClick(id);
        return false as const;
      }
    : ('show' as const);

interface ListParts {
  listFields: readonly FieldDeclaration[];
  phoneCard: ReturnType<typeof phoneCardOf>;
  filters: ReactElement[];
  /** the filters with the company filter first (operators, company-scoped tables) */
  operatorFilters: ReactElement[];
  sort: { field: string; order: 'ASC' | 'DESC' };
}

// Worked out once per declaration, so a list keeps the same filter elements from render to render.
const PARTS = new WeakMap<ResourceDeclaration, ListParts>();
const listPartsOf = (decl: ResourceDeclaration): ListParts => {
  const known = PARTS.get(decl);
  if (known) return known;
  const filters = filtersOf(decl);
  const parts: ListParts = {
    listFields: listColumnsOf(decl),
    phoneCard: phoneCardOf(decl),
    filters,
    operatorFilters: showsCompany(decl)
      ? [<CompanyFilter key="companyId" source="companyId" resource={decl.name} alwaysOn />, ...filters]
      : filters,
    sort: {
      field: decl.defaultSort.field,
      order: decl.defaultSort.direction === 'desc' ? 'DESC' : 'ASC',
    },
  };
  PARTS.set(decl, parts);
  return parts;
};

/**
 * On a phone only the search box stays open above the cards: the company and select filters wait
 * behind the filter button (react-admin's "Add filter"), and one that holds a value shows as it
 * does on a desktop. Three open filters took a third of a 390 px screen, and their inputs (the
 * company's autocomplete above all) were the heaviest part of the list's first render on a phone
 * (issue 39: total blocking time).
 */
const phoneFilter = (filter: ReactElement): ReactElement => {
  // every filter input takes react-admin's source and alwaysOn (filters.tsx)
  const input = filter as ReactElement<{ source?: string; alwaysOn?: boolean }>;
  return input.props.source === 'q' ? input : cloneElement(input, { alwaysOn: false });
};

/**
 * A list's one access check, around a react-admin List rendered with `disableAuthentication`.
 * react-admin's List asks for the rows only once canAccess has answered, even when it answered no: a
 * caller who may not list the table gets the denied page and no refused request. That answer (a
 * signed-in caller's; a visitor's is no) is all the List's own checks would ask again, one after the
 * other (checkAuth, then canAccess) before the rows: so the List skips them and asks for the rows as
 * it mounts. At /<resource> it is the very query the Gate asked (src/layout/ShellLayout.tsx), cached.
 */
export const ListAccess = ({ resource, children }: { resource: string; children: ReactNode }) => {
  const access = useCanAccess({ action: 'list', resource });
  if (access.isPending) return <PageLoader />;
  if (!access.canAccess) return <NotAllowedPage />;
  return children;
};

/**
 * The rows see the list's state through useDeferredValue: when the page of rows arrives (or the
 * filters, the sort, the page change), the list around them answers at once and the rows render
 * after it, in a background render that React splits into slices of a few milliseconds. The rows of
 * a page were one task of 0.25 to 0.45 s on a phone (issue 39: total blocking time); the answer came
 * through react-admin's query store, whose updates React renders in one piece.
 */
const DeferredRows = ({ children }: { children: ReactNode }) => {
  const rows = useDeferredValue(useListContext());
  return <ListContextProvider value={rows}>{children}</ListContextProvider>;
};

/**
 * The pagination under the rows, from the same deferred state: it shows with the rows it counts. Read
 * from the list's state at once, it appeared under an empty card and the rows then pushed it down (a
 * layout shift of 0.06 in Lighthouse's phone run of a list, issue 39).
 */
const DEFERRED_PAGINATION = (
  <DeferredRows>
    <Pagination />
  </DeferredRows>
);

/**
 * An empty list: "No … yet", and the invitation to add one only where the caller may (react-admin's
 * own asks the resource's registration, which has a create screen for every table, ledgers too).
 */
const DeclaredEmpty = ({ decl }: { decl: ResourceDeclaration }) => (
  <Empty resource={decl.name} hasCreate={useMayCreate(decl)} />
);

export const GeneratedList = (props: GeneratedListProps) => {
  const {
    disableSyncWithLocation,
    storeKey,
    onRowClick,
    onCreate,
    title,
    filter,
    empty,
    cells,
    phoneDetails,
  } = props;
  const decl = useDeclaration(props);
  const { listFields, phoneCard, filters, operatorFilters, sort } = listPartsOf(decl);
  const withCompany = useRole() === 'operator' && showsCompany(decl);
  // the row's brand (store) where the user is not limited to one: a filter (and a store a column)
  const scopeColumns = useShownScopeColumns(decl);
  const scopeKey = scopeColumns.join();
  const phone = useIsPhone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scopeKey stands for scopeColumns (a new array each render)
  const listFilters = useMemo(
    () => [
      ...(withCompany ? operatorFilters : filters).map((f) => (phone ? phoneFilter(f) : f)),
      ...scopeColumns.map((c) => <ScopeFilter key={c} source={c} resource={decl.name} />),
    ],
    [withCompany, operatorFilters, filters, scopeKey, decl.name, phone],
  );
  // row checkboxes only where a bulk button follows them
  const hasBulk = useBulkActions(decl).any;
  const rowClick = rowClickOf(onRowClick);
  return (
    <ListAccess resource={decl.name}>
      <List
        resource={decl.name}
        disableAuthentication
        {...(filter ? { filter } : {})}
        empty={empty !== undefined ? empty : <DeclaredEmpty decl={decl} />}
        sort={sort}
        filters={listFilters}
        actions={<ListActions decl={decl} {...(onCreate ? { onCreate } : {})} />}
        pagination={DEFERRED_PAGINATION}
        exporter={false}
        // react-admin's create button is a floating button below md (fixed, 60 px over the bottom): room
        // under the list, so the last card and the pagination scroll clear of it instead of under it
        sx={{ pb: { xs: 14, md: 0 } }}
        {...(disableSyncWithLocation ? { disableSyncWithLocation } : {})}
        {...(storeKey !== undefined ? { storeKey } : {})}
        {...(title !== undefined ? { title } : {})}
      >
        <DeferredRows>
          {phone ? (
            <SimpleList
              rowClick={rowClick}
              {...(phoneCard.title
                ? {
                    primaryText: (
                      <SelectField
                        source={phoneCard.title.name}
                        choices={choicesOf(decl.name, phoneCard.title)}
                      />
                    ),
                  }
                : {})}
              secondaryText={phoneDetails ?? <PhoneDetails decl={decl} fields={phoneCard.details} />}
              tertiaryText={
                phoneCard.state ? (
                  <Box component="span" sx={{ float: 'right' }}>
                    <SelectChip
                      source={phoneCard.state.name}
                      choices={choicesOf(decl.name, phoneCard.state)}
                    />
                  </Box>
                ) : (
                  <Box component="span" sx={{ float: 'right', color: 'text.secondary' }}>
                    <RowId />
                  </Box>
                )
              }
            />
          ) : (
            <DataTable
              rowClick={rowClick}
              bulkActionButtons={hasBulk ? <ListBulkActions decl={decl} /> : false}
            >
              <DataTable.Col source="id" />
              {withCompany ? (
                <DataTable.Col source="companyId" disableSort>
                  <RefField source="companyId" reference={SCOPE_COLUMNS.companyId} />
                </DataTable.Col>
              ) : null}
              {/* a store-scoped table's store as a column; a brand-scoped list keeps its width (its
                brand is a filter and on the row's pages: a Brand column pushed the operator's stamp
                card list past 1,440 px) */}
              {scopeColumns
                .filter((c) => c === 'storeId')
                .map((c) => (
                  <DataTable.Col key={c} source={c} disableSort>
                    <RefField source={c} reference={SCOPE_COLUMNS[c]} />
                  </DataTable.Col>
                ))}
              {listFields.map((field) => (
                <DataTable.Col key={field.name} source={field.name} disableSort={field.sortable !== true}>
                  {cells?.[field.name] ?? displayOf(decl.name, field, 'list')}
                </DataTable.Col>
              ))}
            </DataTable>
          )}
        </DeferredRows>
      </List>
    </ListAccess>
  );
};
