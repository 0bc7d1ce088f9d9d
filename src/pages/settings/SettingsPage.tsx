import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { Box, Card, List, ListItem, ListItemIcon, ListItemText, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LinkCard } from '../../components/LinkCard';
import { PageFrame } from '../../components/PageFrame';
import { getCountry } from '../../providers/storage';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const SettingsPage = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const country = getCountry();
  const dark = theme.palette.mode === 'dark';
  return (
    <PageFrame title={translate('pages.settings.title')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <LinkCard
          to="/settings/profile"
          icon={<PersonOutline fontSize="large" />}
          title={translate('pages.settings.profile')}
          description={translate('pages.settings.profile_desc')}
        />
        <LinkCard
          to="/settings/change-password"
          icon={<LockOutlined fontSize="large" />}
          title={translate('pages.settings.change_password')}
          description={translate('pages.settings.change_password_desc')}
        />
      </Box>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mt: 4, mb: 1 }}>
        {translate('pages.settings.preferences')}
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <List disablePadding>
          <ListItem divider>
            <ListItemIcon>{dark ? <DarkModeOutlined /> : <LightModeOutlined />}</ListItemIcon>
            <ListItemText
              primary={translate('pages.settings.theme')}
              secondary={translate(dark ? 'pages.settings.theme_dark' : 'pages.settings.theme_light')}
            />
          </ListItem>
          <ListItem>
            <ListItemIcon>
              <PublicOutlined />
            </ListItemIcon>
            <ListItemText
              primary={translate('pages.settings.current_country')}
              secondary={`${regionNames.of(country.toUpperCase()) ?? country.toUpperCase()} (${country.toUpperCase()})`}
            />
          </ListItem>
        </List>
      </Card>
    </PageFrame>
  );
};
