// Small pieces the stamp card screens share: a member card's state chip, a transaction's result chip,
// the stamps as dots and a bar, and where a refused operation's field names find their labels.
import { Box, type ChipProps, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StampCardStateName, TransactionResult } from '../../../contract/enums';
import { ChoiceChip, knownChoice } from '../../components/ChoiceChip';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { cardStateName } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

/** The labels of the fields a refused stamp card operation names (the operation dialogs' fieldLabels). */
export const STAMP_FIELD_LABELS = 'stampPages.field';

const CARD_STATE_COLORS: Record<StampCardStateName, ChipProps['color']> = {
  AVAILABLE: 'success',
  COMPLETED: 'info',
  EXPIRED: 'default',
};

/** A member card's numeric state (0 Available, 1 Completed, 2 Expired) as a coloured chip. */
export const CardStateChip = ({ state }: { state: unknown }) => {
  const name = cardStateName(state);
  return (
    <ChoiceChip
      value={name}
      colors={CARD_STATE_COLORS}
      labels="resources.memberCards.choices.state"
      variant={name === 'EXPIRED' ? 'outlined' : 'filled'}
    />
  );
};

const RESULT_COLORS: Record<TransactionResult, ChipProps['color']> = {
  SUCCESS: 'success',
  FAILED: 'error',
  VOIDED: 'warning',
};

/** A stamping transaction's result as a coloured chip. */
export const ResultChip = ({ result }: { result: unknown }) => (
  <ChoiceChip
    value={knownChoice(RESULT_COLORS, result)}
    colors={RESULT_COLORS}
    labels="resources.stampsTransaction.choices.result"
    variant="outlined"
  />
);

/** "7 / 10" with one dot per stamp (filled when given) and a bar underneath. */
export const StampProgress = ({ stamps, required }: { stamps: number; required: number | null }) => {
  const translate = useTranslate();
  const label = translate('stampPages.card.progress', {
    stamps,
    required: required ?? '—',
  });
  const share = required && required > 0 ? Math.min(100, Math.round((stamps / required) * 100)) : 0;
  return (
    <Box role="group" aria-label={translate('stampPages.card.stamps')}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      {required !== null && required <= 50 ? (
        <Stack direction="row" aria-hidden sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
          {Array.from({ length: required }, (_, i) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing else
              key={i}
              sx={{
                width: 22,
                height: 22,
                borderRadius: '50%',
                border: 2,
                borderColor: i < stamps ? 'primary.main' : 'divider',
                bgcolor: i < stamps ? 'primary.main' : 'transparent',
              }}
            />
          ))}
        </Stack>
      ) : null}
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label={label}
        sx={{ height: 6, borderRadius: 1, maxWidth: 420 }}
      />
    </Box>
  );
};
