// A banner above every operator page while a maintenance window is on (GET /maintenance for the
// current country): the member app is holding back, so operators know why members write in.
import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MAINTENANCE_PATH, type MaintenanceAnswer } from '../../contract/maintenance';
import { useCountry } from '../components/CountryContext';
import { useDates } from '../components/dates';
import { useLoadable } from '../components/operations/useLoadable';
import { useBootHeadingGone } from './bootShell';

export const MaintenanceBanner = () => {
  const translate = useTranslate();
  const { dateTime: until } = useDates();
  const { country } = useCountry();
  const state = useLoadable({
    key: `maintenance:${country}`,
    load: async (http) => (await http<MaintenanceAnswer>(MAINTENANCE_PATH, { query: { country } })).data,
  });
  const shown = state.status === 'ready' && state.data.active !== null;
  // above the page (when the page's code is still on its way): index.html's static heading, in the
  // page's place, would be under it
  useBootHeadingGone(shown);
  if (state.status !== 'ready' || !state.data.active) return null;
  const { active } = state.data;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="status">
      <AlertTitle>{translate('maintenance.banner_title', { until: until(active.endAt) })}</AlertTitle>
      {active.message} <Link to="/config/maintenanceConfig">{translate('maintenance.manage')}</Link>
    </Alert>
  );
};
