// /DataTableEditView: one page to browse and edit any declared table the user may see, with the same
// generated screens as the tables' own routes. The chosen table, and the row and view being worked on,
// live in the URL (?table=vouchers&view=edit&id=3) so that a reload or a shared link lands in place.
import { Box, Button, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { ResourceContextProvider, Title, useAuthProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { EmbeddedNavigationContext } from '../builders/buttons';
import { resourceLabelKey } from '../builders/declarations';
import { BUILT_RESOURCES, type BuiltResource, builtResource } from './resources/registry';

type EditorView = 'list' | 'show' | 'edit' | 'create';
const isView = (v: string | null): v is EditorView =>
  v === 'list' || v === 'show' || v === 'edit' || v === 'create';

/** The declared tables the user may view (asked of the same canAccess as every screen). */
const useVisibleTables = (): BuiltResource[] | null => {
  const authProvider = useAuthProvider();
  const [visible, setVisible] = useState<BuiltResource[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    const check = authProvider?.canAccess;
    Promise.all(
      BUILT_RESOURCES.map(async (r) =>
        check ? ((await check({ action: 'list', resource: r.decl.name }).catch(() => false)) ? r : null) : r,
      ),
    ).then((rows) => {
      if (!cancelled) setVisible(rows.filter((r): r is BuiltResource => r !== null));
    });
    return () => {
      cancelled = true;
    };
  }, [authProvider]);
  return visible;
};

export const DataTableEditView = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tables = useVisibleTables();
  const tableName = params.get('table');
  const view: EditorView = isView(params.get('view')) ? (params.get('view') as EditorView) : 'list';
  const id = params.get('id');
  const chosen =
    tableName && tables?.some((t) => t.decl.name === tableName) ? builtResource(tableName) : undefined;

  const go = (next: { table?: string; view?: EditorView; id?: string | number }) => {
    const out = new URLSearchParams();
    const table = next.table ?? tableName;
    if (table) out.set('table', table);
    if (next.view && next.view !== 'list') out.set('view', next.view);
    if (next.id !== undefined) out.set('id', String(next.id));
    setParams(out);
  };
  const backToList = () => go({ view: 'list' });

  const labelOf = (t: BuiltResource) => translate(resourceLabelKey(t.decl), { smart_count: 2 });

  let body: ReactNode = null;
  if (chosen) {
    const { list: List, show: Show, edit: Edit, create: Create } = chosen.module;
    const name = chosen.decl.name;
    if (view === 'create')
      body = (
        <Create
          key={`${name}-create`}
          redirect={false}
          mutationOptions={{
            onSuccess: (data: { id: string | number }) => go({ view: 'show', id: data.id }),
          }}
        />
      );
    else if (view === 'edit' && id !== null)
      body = (
        <Edit
          key={`${name}-edit-${id}`}
          id={id}
          redirect={false}
          mutationOptions={{ onSuccess: () => go({ view: 'show', id }) }}
        />
      );
    else if (view === 'show' && id !== null) body = <Show key={`${name}-show-${id}`} id={id} />;
    else
      body = (
        <List
          key={name}
          disableSyncWithLocation
          storeKey={`DataTableEditView.${name}`}
          onRowClick={(rowId) => go({ view: 'show', id: rowId })}
          onCreate={() => go({ view: 'create' })}
        />
      );
  }

  return (
    <Box>
      {/* the embedded list/show/edit set their own app-bar title once a table is chosen */}
      {!chosen && <Title title={translate('common.screens.data_table_edit')} />}
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('common.screens.data_table_edit')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="dtev-table-label">{translate('builders.editor.table')}</InputLabel>
          <Select
            labelId="dtev-table-label"
            label={translate('builders.editor.table')}
            value={chosen ? chosen.decl.name : ''}
            onChange={(e) => go({ table: String(e.target.value), view: 'list' })}
          >
            {(tables ?? []).map((t) => (
              <MenuItem key={t.decl.name} value={t.decl.name}>
                {labelOf(t)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {chosen && view !== 'list' && (
          <Button size="small" onClick={backToList}>
            {translate('builders.editor.back_to_list', { table: labelOf(chosen) })}
          </Button>
        )}
      </Box>
      {!chosen && tables !== null && (
        <Typography color="text.secondary">{translate('builders.editor.pick')}</Typography>
      )}
      <EmbeddedNavigationContext.Provider
        value={{
          show: (rowId) => go({ view: 'show', id: rowId }),
          edit: (rowId) => go({ view: 'edit', id: rowId }),
          list: backToList,
        }}
      >
        {/* the generated screens read their declaration from the resource context */}
        {chosen ? <ResourceContextProvider value={chosen.decl.name}>{body}</ResourceContextProvider> : null}
      </EmbeddedNavigationContext.Provider>
    </Box>
  );
};
