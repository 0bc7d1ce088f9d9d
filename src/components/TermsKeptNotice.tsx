// What editing a live row changes (issue 40 item 2): a member card keeps the terms it was issued under
// and a voucher its value, validity and whether it may be given away, so an edit of a programme or a
// pack applies to what is issued afterwards. The edit screen says how many live ones keep the old
// terms, in the words of `wording` (a plural message taking smart_count); nothing while none do.
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

export const TermsKeptNotice = ({ live, wording }: { live: number | null; wording: string }) => {
  const translate = useTranslate();
  if (live === null || live === 0) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {translate(wording, { smart_count: live })}
    </Alert>
  );
};
