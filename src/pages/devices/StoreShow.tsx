// A store's show view: the generated one (every declared field, Enable / Disable and Edit, exactly as
// src/builders/GeneratedShow.tsx makes it) with the "Stamping PIN" panel and the sign-up poster's
// "Print poster" as its aside: beside the fields on a wide screen, under them on a narrow one.
import { Stack } from '@mui/material';
import type { ShowProps } from 'react-admin';
import { GeneratedShow } from '../../builders/GeneratedShow';
import { StorePosterPanel } from '../organisation/StorePoster';
import { StorePinPanel } from './StorePinPanel';

export const StoreShow = (props: Partial<ShowProps>) => (
  <GeneratedShow
    aside={
      <Stack spacing={2} sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, alignSelf: 'flex-start' }}>
        <StorePinPanel />
        <StorePosterPanel />
      </Stack>
    }
    {...props}
    resource="store"
  />
);
