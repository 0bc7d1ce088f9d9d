import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** `value` when it is one of `colors`' keys (a value the chip knows), else null. */
export const knownChoice = <S extends string>(colors: Record<S, unknown>, value: unknown): S | null =>
  typeof value === 'string' && value in colors ? (value as S) : null;

/**
 * One value of a resource's choice list (a state, a result, an approval) as a small coloured chip,
 * labelled `${labels}.${value}`; nothing for no value.
 */
export const ChoiceChip = <S extends string>({
  value,
  colors,
  labels,
  variant,
}: {
  value: S | null;
  colors: Record<S, ChipProps['color']>;
  /** the translation keys' prefix, e.g. `resources.vouchers.choices.state` */
  labels: string;
  variant?: ChipProps['variant'];
}) => {
  const translate = useTranslate();
  if (value === null) return null;
  return (
    <Chip size="small" variant={variant} color={colors[value]} label={translate(`${labels}.${value}`)} />
  );
};
