// A member's profile at /aotg/member?mobile=… (issue 25): GET /members/{mobile}. The header (mobile,
// name, level chip, first and last visit), their standing at each company the caller may see with its
// level history, their cards (Stamp on an available one), their vouchers by state with history, the
// pushes they received, and the actions staff use: issue a card, issue vouchers. The dialogs are the
// stamping and voucher pages' own (MemberCardShow's Stamp, IssueVouchers' fields and call).
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useLocation, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError, toApiErrorLike } from '../../components/apiError';
import { pathId } from '../../components/operations/api';
import { useLoadable } from '../../components/operations/useLoadable';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { Header } from './ProfileHeader';
import { Empty, type MemberProfile } from './ProfileParts';
import { CardsSection, PushesSection, StandingSection, VouchersSection } from './ProfileSections';
import { MEMBERS_LIST_PATH } from './paths';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

const K = 'memberPages.profile';

/** /aotg/member?mobile=… */
export const MemberProfilePage = () => {
  const translate = useTranslate();
  const location = useLocation();
  // a '+' typed into the address unescaped reads as a space: it is the mobile's own '+'
  const mobile = (new URLSearchParams(location.search).get('mobile') ?? '').replace(/^ (?=\d)/, '+').trim();
  const [version, setVersion] = useState(0);
  const profile = useLoadable<MemberProfile>(
    mobile === ''
      ? null
      : {
          key: `${mobile} ${version}`,
          load: async (http) => (await http<MemberProfile>(`/members/${pathId(mobile)}`)).data,
        },
  );
  const changed = () => setVersion((v) => v + 1);
  const title = translate(`${K}.title`);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Title title={title} />
      <Button component={RouterLink} to={MEMBERS_LIST_PATH} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {translate(`${K}.back`)}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {profile.status === 'idle' ? (
        <Empty text={translate(`${K}.none`)} />
      ) : profile.status === 'loading' ? (
        <LinearProgress aria-label={translate(`${K}.loading`)} />
      ) : profile.status === 'error' ? (
        <Alert severity={isApiError(profile.error, 'NOT_FOUND') ? 'info' : 'error'} variant="outlined">
          {isApiError(profile.error, 'NOT_FOUND')
            ? translate(`${K}.not_found`, { mobile })
            : toApiErrorLike(profile.error).message || translate('common.notice.unknown_error')}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Header profile={profile.data} onChanged={changed} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <Stack spacing={2}>
              <CardsSection profile={profile.data} onChanged={changed} />
              <StandingSection standing={profile.data.standing} />
            </Stack>
            <Stack spacing={2}>
              <VouchersSection profile={profile.data} />
              <PushesSection pushes={profile.data.pushes} />
            </Stack>
          </Box>
        </Stack>
      )}
    </Box>
  );
};
