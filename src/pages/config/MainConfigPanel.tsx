// Main config per country (spec section 7, /config/main): the member app's home banner and a new
// stamp card's default images and price. One card per country: the portal's own country first, edited
// section by section through the country calls (CountryHomeCard.tsx); every other country read afresh
// by its id and written back (GET and PUT /config/main/{id}) or deleted (DELETE /config/main/{id});
// a new country is POST /config/main.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { required, TextInput, useTranslate } from 'react-admin';
import type { MainConfig } from '../../../contract/config-main';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useCountry } from '../../components/CountryContext';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { CountryHomeCard } from './CountryHomeCard';
import {
  BannerInputs,
  ConfigDialog,
  CountryCard,
  countryCode,
  DefaultImagesInput,
  type FormValues,
  formValuesOf,
  K,
  MAIN_CONFIG_PATH,
  mainConfigBody,
  PricingInputs,
  useConfigSave,
} from './mainConfigParts';

/**
 * A whole country's main config: a new one (POST /config/main), or one read afresh by its id
 * (GET /config/main/{id}) and written back (PUT /config/main/{id}).
 */
const EditDialog = ({
  id,
  onClose,
  onSaved,
}: {
  /** null: a new country */
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { saving, run } = useConfigSave(onSaved);
  const row = useLoadable<MainConfig>(
    id === null
      ? null
      : {
          key: `main-config-row:${id}`,
          load: async (h) => (await h<MainConfig>(`${MAIN_CONFIG_PATH}/${id}`)).data,
        },
  );
  const defaults: FormValues | undefined =
    id === null
      ? { country: '', currency: '', banner: [], stampCardDefaultImages: [] }
      : row.status === 'ready'
        ? formValuesOf(row.data)
        : undefined;
  const save = (values: FormValues) =>
    run(() =>
      http(id === null ? MAIN_CONFIG_PATH : `${MAIN_CONFIG_PATH}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: mainConfigBody(values, id === null),
      }),
    );
  const title =
    row.status === 'ready'
      ? translate(`${K}.edit_title`, { country: row.data.country.toUpperCase() })
      : translate(`${K}.add_title`);
  return (
    <ConfigDialog title={title} defaults={defaults} saving={saving} onClose={onClose} onSubmit={save}>
      {row.status === 'error' ? <Alert severity="error">{translate(`${K}.load_failed`)}</Alert> : null}
      {id === null ? (
        <TextInput
          source="country"
          label={`${K}.country`}
          validate={[required(), countryCode]}
          helperText={`${K}.country_help`}
        />
      ) : null}
      <PricingInputs />
      <BannerInputs />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate(`${K}.stamp_card_defaults`)}
      </Typography>
      <DefaultImagesInput />
    </ConfigDialog>
  );
};

/**
 * The Countries tab of System Config: the portal's own country first (CountryHomeCard: read and
 * written section by section through the country calls), then every other country's card with Edit
 * and Delete (by id).
 */
export const MainConfigPanel = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { country } = useCountry();
  const { confirm, confirmDialog } = useConfirmAction();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const reload = () => setVersion((v) => v + 1);
  const state = useLoadable<MainConfig[]>({
    key: `main-config:${version}`,
    load: async (h) => (await h<MainConfig[]>(`${MAIN_CONFIG_PATH}?page=0&size=100&sort=country,asc`)).data,
  });
  const others = state.status === 'ready' ? state.data.filter((r) => r.country !== country) : [];
  const onDelete = async (row: MainConfig) => {
    const outcome = await confirm({
      action: translate(`${K}.delete`),
      item: row.country.toUpperCase(),
      detail: translate(`${K}.delete_detail`),
      danger: true,
      run: () => http(`${MAIN_CONFIG_PATH}/${row.id}`, { method: 'DELETE' }),
    });
    if (outcome.status !== 'cancelled') reload();
  };
  return (
    <Box component="section" aria-label={translate(`${K}.title`)}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          {translate(`${K}.intro`)}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {translate(`${K}.add`)}
        </Button>
      </Box>
      {state.status === 'error' ? <Alert severity="error">{translate(`${K}.load_failed`)}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(320px, 1fr))' },
        }}
      >
        <CountryHomeCard version={version} onChanged={reload} />
        {others.map((row) => (
          <CountryCard key={row.id} row={row}>
            <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(row.id)}>
              {translate(`${K}.edit`)}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(row)}>
              {translate(`${K}.delete`)}
            </Button>
          </CountryCard>
        ))}
      </Box>
      {editing !== null ? (
        <EditDialog
          id={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {confirmDialog}
    </Box>
  );
};
