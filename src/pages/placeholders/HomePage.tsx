import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { menuFor } from '../../layout/menuFor';
import { useSession } from '../../layout/SessionContext';
import { viewerOf } from '../../layout/ShellLayout';
import { useOrgMenuFlags } from '../../layout/useOrgMenuFlags';
import { getPortalEnv } from '../../providers/env';

/** The root page: a greeting and a card per menu group, so the portal has a start page. */
export const HomePage = () => {
  const translate = useTranslate();
  const session = useSession();
  const viewer = viewerOf(session);
  const user = session.status === 'user' ? session.user : null;
  const orgFlags = useOrgMenuFlags(session);
  const groups = menuFor({
    role: viewer.role,
    brand: getPortalEnv().brand,
    pnsAllowed: viewer.pnsAllowed,
    ...orgFlags,
  });
  return (
    <Box>
      <Title title={translate('common.home.title')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {user ? translate('common.home.welcome_name', { name: user.name }) : translate('common.home.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('common.home.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {groups.map((g) => {
          const to = g.path ?? g.links[0]?.path ?? '/';
          return (
            <Card key={g.id} variant="outlined">
              <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {translate(g.label)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {g.links.map((l) => translate(l.label)).join(' · ') || translate('common.home.help_hint')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
};
