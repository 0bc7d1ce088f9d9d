// /config/systemConfig: the product's settings in four tabs. Settings: the key/value System Config
// the product reads (resources/tables/systemConfig.ts); Countries: the main config per country
// (banner, stamp-card defaults); Industries: the industries a brand may belong to; Wallet passes:
// Apple Wallet's and Google Wallet's certificates and keys (issue 26). The tab is kept
// in the address (?tab=) so a link or a reload lands on it.
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { GeneratedList } from '../../builders/GeneratedList';
import { MainConfigPanel } from './MainConfigPanel';
import { WalletPassesPanel } from './WalletPassesPanel';

const TABS = ['settings', 'countries', 'industries', 'wallet'] as const;
type TabName = (typeof TABS)[number];
const isTab = (v: string | null): v is TabName => (TABS as readonly (string | null)[]).includes(v);

export const SystemConfigPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabName = isTab(asked) ? asked : 'settings';
  const title = translate('common.screens.system_config');
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: TabName) => setParams(next === 'settings' ? {} : { tab: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`config.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'settings' ? (
        <GeneratedList
          resource="systemConfig"
          storeKey="systemConfig.settings"
          title={title}
          disableSyncWithLocation
        />
      ) : null}
      {tab === 'countries' ? <MainConfigPanel /> : null}
      {tab === 'industries' ? (
        <GeneratedList
          resource="industryConfig"
          storeKey="systemConfig.industries"
          title={title}
          disableSyncWithLocation
        />
      ) : null}
      {tab === 'wallet' ? <WalletPassesPanel /> : null}
    </Box>
  );
};
