import { type Theme, useMediaQuery } from '@mui/material';

/** Phones (under 600 px) get a card per row instead of a table that scrolls sideways. */
export const useIsPhone = (): boolean =>
  useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
