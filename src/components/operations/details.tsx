// A record's fields on its show page as a labelled list (two label-value columns from md up), and the
// records it refers to by name, linked to their pages: `#id` for a user who may not list them.
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type Identifier, ReferenceField, TextField, useCanAccess } from 'react-admin';

/** One label and its value in a detail list. */
export const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  </>
);

export const DetailList = ({ children }: { children: ReactNode }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: 'max-content 1fr', md: 'max-content 1fr max-content 1fr' },
      columnGap: 2,
      rowGap: 1,
      m: 0,
    }}
  >
    {children}
  </Box>
);

/** A titled detail list of one label-value column pair (a review page's sections). */
export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Typography variant="overline" color="text.secondary" component="h2">
      {title}
    </Typography>
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 1,
        mt: 0.5,
        mb: 0,
      }}
    >
      {children}
    </Box>
  </Box>
);

/**
 * The record `id` of `reference` by its `field` (else by its representation), linked to its page; its
 * id alone for a user who may not list them; a dash for none.
 */
export const ReferenceName = ({
  reference,
  id,
  field,
}: {
  reference: string;
  id: Identifier | null | undefined;
  field?: string;
}) => {
  const { canAccess } = useCanAccess({ action: 'list', resource: reference });
  if (id === null || id === undefined || id === '' || id === 0) return <>—</>;
  if (!canAccess) return <>{`#${id}`}</>;
  return (
    <ReferenceField record={{ id, ref: id }} source="ref" reference={reference} link="show">
      {field ? <TextField source={field} /> : undefined}
    </ReferenceField>
  );
};

/** A store by name, linked to its page. */
export const StoreName = ({ storeId }: { storeId: number | null | undefined }) => (
  <ReferenceName reference="store" id={storeId} field="name" />
);
