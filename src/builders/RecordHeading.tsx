import { Typography } from '@mui/material';
import { useGetRecordRepresentation, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceDeclaration } from './declarations';
import { resourceLabelKey } from './declarations';

/** The page's heading on a row's show and edit pages: "Store Harbour Kopi Tanjong Pagar". */
export const RecordHeading = ({ decl }: { decl: ResourceDeclaration }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(decl.name);
  if (!record) return null;
  return (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
      {`${translate(resourceLabelKey(decl), { smart_count: 1 })} ${String(representation(record))}`}
    </Typography>
  );
};
