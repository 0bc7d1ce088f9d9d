import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrgState } from '../../contract/enums';

/** The chip of each state: ACTIVE green, SUBMITTED amber ("Waiting for approval"), the rest grey. */
const LOOK: Record<OrgState, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  ACTIVE: { color: 'success', variant: 'filled' },
  SUBMITTED: { color: 'warning', variant: 'filled' },
  DISABLED: { color: 'default', variant: 'filled' },
  BLANK: { color: 'default', variant: 'outlined' },
  DELETE: { color: 'default', variant: 'outlined' },
};

/** An organisation row's state as a coloured chip. */
export const OrgStateChip = ({ state }: { state: OrgState }) => {
  const translate = useTranslate();
  const look = LOOK[state] ?? LOOK.BLANK;
  return (
    <Chip
      size="small"
      data-testid="org-state"
      data-state={state}
      label={translate(`hierarchy.state.${state}`, { _: state })}
      color={look.color}
      variant={look.variant}
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
};
