// The way to the import screen from a list or the issue screen: shown to whoever may import the kind.
import UploadFile from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ImportKind } from '../../../contract/imports';
import { useCaller } from '../../components/useCaller';
import { mayImport } from './api';

export const ImportButton = ({ kind, label }: { kind: ImportKind; label: string }) => {
  const translate = useTranslate();
  const { caller } = useCaller();
  if (!caller || !mayImport(caller.subject, kind)) return null;
  return (
    <Button component={RouterLink} to={`/imports?kind=${kind}`} size="small" startIcon={<UploadFile />}>
      {translate(label)}
    </Button>
  );
};
