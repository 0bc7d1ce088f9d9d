import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { type PublicSystemSettings, SYSTEM_SETTINGS_PUBLIC_PATH } from '../../../contract/system-config';
import { LinkCard } from '../../components/LinkCard';
import { useLoadable } from '../../components/operations/useLoadable';
import { PageFrame } from '../../components/PageFrame';

interface Topic {
  icon: ReactNode;
  title: string;
  description: string;
  /** an in-portal route, or an external link (mailto:) */
  to: string;
}

/** Help topics; visitors see this page too (spec section 6). */
export const HelpPage = () => {
  const translate = useTranslate();
  // the support contact operators keep in System Config (public: visitors read it too)
  const settings = useLoadable<PublicSystemSettings>({
    key: 'system-settings',
    load: async (http) =>
      (await http<PublicSystemSettings>(SYSTEM_SETTINGS_PUBLIC_PATH, { auth: false })).data ?? {},
  });
  const support = settings.status === 'ready' ? settings.data : {};
  const email = support.supportEmail ?? translate('pages.help.contact_email');
  const phoneLine = [support.supportPhone, support.supportHours].filter(Boolean).join(' · ');
  const topics: Topic[] = [
    {
      icon: <PlaceOutlined />,
      title: translate('pages.help.lat_long'),
      description: translate('pages.help.lat_long_desc'),
      to: '/help/how-to-get-lat-long',
    },
    {
      icon: <DescriptionOutlined />,
      title: translate('pages.help.terms'),
      description: translate('pages.help.terms_desc'),
      to: '/help/terms-and-conditions',
    },
    {
      icon: <KeyOutlined />,
      title: translate('pages.help.account'),
      description: translate('pages.help.account_desc'),
      to: '/forget-password',
    },
    {
      icon: <MailOutline />,
      title: translate('pages.help.contact'),
      description: `${translate('pages.help.contact_desc')} ${email}${phoneLine ? ` · ${phoneLine}` : ''}`,
      to: `mailto:${email}`,
    },
  ];
  return (
    <PageFrame title={translate('pages.help.title')} intro={translate('pages.help.intro')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {topics.map((t) => (
          <LinkCard key={t.to} {...t} alignIcon="top" />
        ))}
      </Box>
    </PageFrame>
  );
};
