// /vouchers/create (replaces the generated vouchers create view, src/pages/resources/overrides.ts).
// Vouchers are never created by hand: they are issued from a voucher pack. So the create screen is
// "Issue vouchers": an ACTIVE pack, the member's mobile and how many, the spec's confirmation, then
// POST /voucher-packs/{id}/vouchers and the first issued voucher's page.
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useId, useMemo } from 'react';
import { Form, Title, useCreatePath, useLocation, useNavigate, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { vouchers } from '../../../resources';
import { DialogSubmitButton } from '../../components/DialogSubmitButton';
import { FailureAlert } from '../../components/operations/OperationDialog';
import { importsEn } from '../../i18n/imports.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { ImportButton } from '../imports/ImportButton';
import { useVoucherAccess } from './access';
import { type IssueValues, IssueVouchersFields, useIssueVouchers } from './IssueVouchers';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(importsEn);

const K = 'voucherPages.issue';

/**
 * The pack to start with: `?voucherPackId=3`, or react-admin's `?source={"voucherPackId":3}` (what a
 * CreateButton with a record passes), so a pack's page can link here with its pack chosen.
 */
const initialPackId = (search: string): number | null => {
  const params = new URLSearchParams(search);
  const direct = Number(params.get('voucherPackId'));
  if (Number.isInteger(direct) && direct > 0) return direct;
  try {
    const source: unknown = JSON.parse(params.get('source') ?? 'null');
    const id =
      typeof source === 'object' && source !== null
        ? (source as Record<string, unknown>).voucherPackId
        : null;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
};

export const IssueVouchersPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const location = useLocation();
  const formId = useId();
  const { isPending, mayIssue } = useVoucherAccess();
  const defaultValues = useMemo<IssueValues>(
    () => ({ voucherPackId: initialPackId(location.search), memberMobile: '', quantity: 1 }),
    [location.search],
  );
  const { submit, failure, confirmDialog, onCharge } = useIssueVouchers((result) => {
    const first = result.vouchers[0];
    if (first) navigate(createPath({ resource: vouchers.name, id: first.id, type: 'show' }));
  });
  const title = translate(`${K}.title`);

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Title title={title} />
      <Button component={RouterLink} to={vouchers.route} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {translate('voucherPages.voucher.back_to_list')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${K}.intro`)}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ImportButton kind="voucherIssues" label="importPages.open_vouchers" />
      </Box>
      {isPending ? null : !mayIssue ? (
        <Alert severity="info" variant="outlined">
          {translate(`${K}.not_allowed`)}
        </Alert>
      ) : (
        <Card variant="outlined" sx={{ borderRadius: 3 }}>
          <Form
            id={formId}
            defaultValues={defaultValues}
            noValidate
            disableInvalidFormNotification
            onSubmit={(values: Record<string, unknown>) => {
              const v = values as IssueValues;
              return submit(Number(v.voucherPackId), v);
            }}
          >
            <CardContent>
              <FailureAlert failure={failure} />
              <IssueVouchersFields pickPack onCharge={onCharge} />
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
              <DialogSubmitButton form={formId}>{translate(`${K}.submit`)}</DialogSubmitButton>
            </CardActions>
          </Form>
        </Card>
      )}
      {confirmDialog}
    </Box>
  );
};
