import { Typography } from '@mui/material';
import { useGetRecordRepresentation, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceDeclaration } from './declarations';
import { resourceLabelKey } from './declarations';

/** A resource's name inside a sentence: 'Store' → 'store', 'Voucher Pack' → 'voucher pack' ('PIN' stays). */
const inSentence = (name: string): string =>
  name.replace(/\b\p{Lu}\p{Ll}+\b/gu, (word) => word.toLocaleLowerCase());

const Heading = ({ text }: { text: string }) => (
  <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
    {text}
  </Typography>
);

/**
 * The page's heading on a row's show and edit pages: "Store Harbour Kopi Tanjong Pagar" on show,
 * "Edit store: Harbour Kopi Tanjong Pagar" on edit.
 */
export const RecordHeading = ({
  decl,
  view = 'show',
}: {
  decl: ResourceDeclaration;
  view?: 'show' | 'edit';
}) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(decl.name);
  if (!record) return null;
  const name = translate(resourceLabelKey(decl), { smart_count: 1 });
  const shown = String(representation(record));
  return (
    <Heading
      text={
        view === 'edit'
          ? translate('builders.heading.edit', { name: inSentence(name), record: shown })
          : `${name} ${shown}`
      }
    />
  );
};

/** The heading of a create page: "New store". */
export const CreateHeading = ({ decl }: { decl: ResourceDeclaration }) => {
  const translate = useTranslate();
  const name = translate(resourceLabelKey(decl), { smart_count: 1 });
  return <Heading text={translate('builders.heading.create', { name: inSentence(name) })} />;
};
