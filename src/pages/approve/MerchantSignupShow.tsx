// The operator's view of one signup (or add-brand / add-store) request: what the merchant asked for,
// who asked, the decision so far, and Approve / Reject while the request is PENDING
// (POST /merchant-signups/{id}/approve and /reject, docs/api.md "Organisation, signup approval and audit").
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  type ChipProps,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  type Identifier,
  ListButton,
  type RaRecord,
  ReferenceField,
  Show,
  type ShowProps,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { ApprovalState } from '../../../contract';
import { merchantSignup } from '../../../resources';
import { actionsFrom } from '../../../resources/transitions';
import { ChoiceChip, knownChoice } from '../../components/ChoiceChip';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useHttpClient } from '../../components/HttpClientContext';
import { LocalDateField } from '../../components/LocalDateField';
import { NoteDialog } from '../../components/NoteDialog';
import { Detail, DetailSection } from '../../components/operations/details';

const K = 'organisation.approval';
const R = 'resources.merchantSignup';
export const REASON_MAX = 500;

const APPROVAL_COLORS: Record<ApprovalState, ChipProps['color']> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECT: 'error',
};

/** The request's approval as a coloured chip. */
export const ApprovalChip = ({ approval }: { approval: unknown }) => (
  <ChoiceChip
    value={knownChoice(APPROVAL_COLORS, approval)}
    colors={APPROVAL_COLORS}
    labels={`${R}.choices.approval`}
    variant="outlined"
  />
);

const decisionPath = (id: Identifier, decision: 'approve' | 'reject') =>
  `${merchantSignup.path}/${encodeURIComponent(String(id))}/${decision}`;

const itemOf = (record: RaRecord) => String(record.companyName ?? record.id);

/** Asks for the reason (required, at most 500 characters), then POSTs /reject. */
const RejectDialog = ({
  record,
  open,
  onClose,
}: {
  record: RaRecord;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const item = itemOf(record);
  return (
    <NoteDialog
      open={open}
      onClose={onClose}
      titleId="reject-request-title"
      title={translate(`${K}.reject_title`, { item })}
      intro={translate(`${K}.reject_intro`)}
      label={translate(`${K}.reject_reason`)}
      help={translate(`${K}.reject_reason_help`, { max: REASON_MAX })}
      confirm={translate(`${K}.reject_confirm`)}
      confirmColor="error"
      action={translate(`${K}.reject`)}
      item={item}
      url={decisionPath(record.id, 'reject')}
      field="reason"
      max={REASON_MAX}
      // decided meanwhile (26400)
      staleCodes={['INVALID_OPERATOR_APPROVAL_STATE']}
    />
  );
};

/** Approve (confirm first) and Reject (reason first), for operators while the request is PENDING. */
const DecisionButtons = () => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const { permissions } = usePermissions<{ role?: string } | null>();
  const { confirm, confirmDialog } = useConfirmAction();
  const [rejecting, setRejecting] = useState(false);
  // the decisions the declaration offers this role on this request (resources/tables/merchantSignup.ts)
  const role = permissions?.role === 'operator' ? 'operator' : 'merchant';
  const offered = record
    ? actionsFrom(merchantSignup, 'approval', record.approval, role).map((a) => a.name)
    : [];
  if (!record || offered.length === 0) return null;

  const approve = async () => {
    const outcome = await confirm({
      action: translate(`${K}.approve`),
      item: itemOf(record),
      run: () => http(decisionPath(record.id, 'approve'), { method: 'POST' }),
    });
    // After a success, or a failure such as 26400 (decided meanwhile), show the request as it is now.
    if (outcome.status !== 'cancelled') refresh();
  };

  return (
    <>
      {offered.includes('approve') && (
        <Button variant="contained" color="success" startIcon={<CheckCircleOutlined />} onClick={approve}>
          {translate(`${K}.approve`)}
        </Button>
      )}
      {offered.includes('reject') && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<HighlightOff />}
          onClick={() => setRejecting(true)}
        >
          {translate(`${K}.reject`)}
        </Button>
      )}
      {confirmDialog}
      <RejectDialog record={record} open={rejecting} onClose={() => setRejecting(false)} />
    </>
  );
};

/** The request's history (submission, decision) in the audit log, filtered on this record. */
const AuditButton = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const filter = encodeURIComponent(
    JSON.stringify({ resource: 'merchantSignup', recordId: String(record.id) }),
  );
  return (
    <Button component={Link} to={`/config/audit-log?filter=${filter}`} startIcon={<HistoryOutlined />}>
      {translate(`${K}.history`)}
    </Button>
  );
};

const ShowActions = () => {
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center' }}>
      <ListButton label={translate(`${K}.back_to_list`)} />
      <AuditButton />
      <Box sx={{ flex: 1 }} />
      <DecisionButtons />
    </TopToolbar>
  );
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : '—');

const RequestDetails = () => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const field = (name: string) => translate(`${R}.fields.${name}`);
  const kind = typeof record.requestKind === 'string' ? record.requestKind : 'MERCHANT_SIGNUP';
  const decided = record.approval !== 'PENDING';
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {text(record.companyName)}
          </Typography>
          <Stack direction="row" spacing={1}>
            <ApprovalChip approval={record.approval} />
            <Chip size="small" variant="outlined" label={translate(`${R}.choices.requestKind.${kind}`)} />
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {`#${record.id} · ${translate(`${K}.submitted_at`)} `}
          <LocalDateField source="createTime" showTime variant="body2" color="text.secondary" />
        </Typography>

        {record.approval === 'REJECT' && record.reason ? (
          <Alert severity="error" variant="outlined" sx={{ mb: 3 }}>
            <AlertTitle>{translate(`${K}.reason`)}</AlertTitle>
            <Box sx={{ whiteSpace: 'pre-wrap' }}>{String(record.reason)}</Box>
          </Alert>
        ) : null}

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
          <DetailSection title={translate(`${K}.organisation`)}>
            <Detail label={field('companyName')}>{text(record.companyName)}</Detail>
            <Detail label={field('registrationNo')}>{text(record.registrationNo)}</Detail>
            <Detail label={field('brandName')}>{text(record.brandName)}</Detail>
            <Detail label={field('storeName')}>{text(record.storeName)}</Detail>
          </DetailSection>
          <DetailSection title={translate(`${K}.contact`)}>
            <Detail label={field('contactEmail')}>{text(record.contactEmail)}</Detail>
            <Detail label={field('contactMobile')}>{text(record.contactMobile)}</Detail>
            <Detail label={translate(`${K}.requested_by`)}>
              {record.userId ? <ReferenceField source="userId" reference="users" link="show" /> : '—'}
            </Detail>
          </DetailSection>
        </Box>

        <Divider sx={{ my: 3 }} />
        <DetailSection title={translate(`${K}.decided`)}>
          <Detail label={field('approval')}>
            <ApprovalChip approval={record.approval} />
          </Detail>
          {decided ? (
            <>
              <Detail label={translate(`${K}.decided_by`)}>
                {record.decidedBy ? <ReferenceField source="decidedBy" reference="users" link="show" /> : '—'}
              </Detail>
              <Detail label={translate(`${K}.decided_at`)}>
                {record.decidedAt ? <LocalDateField source="decidedAt" showTime /> : '—'}
              </Detail>
            </>
          ) : (
            <Detail label={translate(`${K}.decided_by`)}>
              <Typography variant="body2" color="text.secondary">
                {translate(`${K}.not_decided`)}
              </Typography>
            </Detail>
          )}
        </DetailSection>
      </CardContent>
    </Card>
  );
};

/** react-admin's show view of merchantSignup (registered through src/pages/resources/overrides.ts). */
export const MerchantSignupShow = (props: Partial<ShowProps>) => (
  <Show resource={merchantSignup.name} actions={<ShowActions />} component={Box} {...props}>
    <RequestDetails />
  </Show>
);
