// One voucher pack (replaces the generated voucherPacks show view, src/pages/resources/overrides.ts):
// its fields, its figures from GET /voucher-packs/{id}/summary as tiles, "Issue vouchers" for those who
// may issue, the generic Enable / Disable, and the vouchers issued from it. The pack's state and
// issued count are shown, never edited here: they move only through the operations.
import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type MouseEvent, useState } from 'react';
import {
  DataTable,
  Link,
  Pagination,
  type RaRecord,
  ReferenceField,
  ReferenceManyField,
  Show,
  type ShowProps,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { voucherPacks, vouchers } from '../../../resources';
import { DetailActions } from '../../builders/buttons';
import { toApiErrorLike } from '../../components/apiError';
import { useVoucherAccess } from './access';
import { type PackSummary, usePackSummary } from './api';
import { dateTime, day, text, useMoney } from './format';
import { IssueVouchersDialog } from './IssueVouchers';
import { Detail, DetailList, FigureTile, PackStateChip, VoucherStateChip } from './parts';

const K = 'voucherPages.pack';
const F = 'resources.voucherPacks.fields';

const IssueButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { mayIssue } = useVoucherAccess();
  const [open, setOpen] = useState(false);
  if (!mayIssue) return null;
  const active = record.state === 'ACTIVE';
  const button = (
    <Button
      variant="contained"
      startIcon={<AddCircleOutline />}
      onClick={() => setOpen(true)}
      disabled={!active}
    >
      {translate('voucherPages.issue.open')}
    </Button>
  );
  return (
    <>
      {active ? (
        button
      ) : (
        // a disabled button receives no pointer events: the tooltip listens on its wrapper
        <Tooltip title={translate(`${K}.not_active`)}>
          <span>{button}</span>
        </Tooltip>
      )}
      <IssueVouchersDialog
        open={open}
        pack={{ id: Number(record.id), title: record.title, issueLimitPerMember: record.issueLimitPerMember }}
        onClose={() => setOpen(false)}
        // the pack (issued count), its figures and its vouchers list all follow react-admin's refresh
        onIssued={() => refresh()}
      />
    </>
  );
};

const PackActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center' }}>
      <Button component={RouterLink} to={voucherPacks.route} startIcon={<ArrowBack />}>
        {translate(`${K}.back_to_list`)}
      </Button>
      <Box sx={{ flex: 1 }} />
      {record && <IssueButton record={record} />}
      {/* Enable / Disable and Edit, exactly as the generated show page offers them */}
      <Box sx={{ '& .RaTopToolbar-root': { minHeight: 0, p: 0, alignItems: 'center' } }}>
        <DetailActions decl={voucherPacks} view="show" />
      </Box>
    </TopToolbar>
  );
};

const PackCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { canAccess: mayReadBrands } = useCanAccess({ action: 'list', resource: 'brand' });
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          {typeof record.image === 'string' && /^https?:\/\//.test(record.image) ? (
            <Box
              component="img"
              src={record.image}
              alt=""
              sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 2, flexShrink: 0 }}
            />
          ) : null}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
                {text(record.title)}
              </Typography>
              <PackStateChip state={record.state} />
              {record.giftable === true ? (
                <Chip size="small" variant="outlined" label={translate(`${K}.giftable`)} />
              ) : null}
            </Stack>
            {typeof record.description === 'string' && record.description !== '' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
                {record.description}
              </Typography>
            ) : null}
            <DetailList>
              <Detail label={translate(`${F}.price`)}>{money(record.price)}</Detail>
              <Detail label={translate(`${F}.voucherValue`)}>{money(record.voucherValue)}</Detail>
              <Detail label={translate(`${F}.quantity`)}>{String(record.quantity ?? '—')}</Detail>
              <Detail label={translate(`${F}.issuedCount`)}>{String(record.issuedCount ?? 0)}</Detail>
              <Detail label={translate(`${F}.issueLimitPerMember`)}>
                {String(record.issueLimitPerMember ?? '—')}
              </Detail>
              <Detail label={translate(`${F}.voucherValidityDays`)}>
                {String(record.voucherValidityDays ?? '—')}
              </Detail>
              <Detail label={translate(`${K}.sale_window`)}>
                {`${day(record.validFrom)} → ${day(record.validUntil)}`}
              </Detail>
              <Detail label={translate(`${F}.giftable`)}>
                {translate(record.giftable === true ? 'ra.boolean.true' : 'ra.boolean.false')}
              </Detail>
              {record.brandId ? (
                <Detail label={translate(`${F}.brandId`)}>
                  {mayReadBrands ? (
                    <ReferenceField source="brandId" reference="brand" link="show" />
                  ) : (
                    `#${String(record.brandId)}`
                  )}
                </Detail>
              ) : null}
              <Detail label={translate(`${F}.createTime`)}>{dateTime(record.createTime)}</Detail>
            </DetailList>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

const Figures = ({ summary }: { summary: PackSummary }) => {
  const translate = useTranslate();
  const issuedShare = percent(summary.issuedCount, summary.quantity);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 2,
      }}
    >
      <FigureTile
        label={translate(`${K}.figures.issued`)}
        value={`${summary.issuedCount} / ${summary.quantity}`}
        caption={
          <>
            <LinearProgress
              variant="determinate"
              value={Math.min(issuedShare, 100)}
              aria-label={translate(`${K}.figures.issued_share`, { percent: issuedShare })}
              sx={{ my: 0.5, borderRadius: 1 }}
            />
            {translate(`${K}.figures.issued_share`, { percent: issuedShare })}
          </>
        }
      />
      <FigureTile
        label={translate(`${K}.figures.redeemed`)}
        value={summary.redeemed}
        tone="info.main"
        caption={translate(`${K}.figures.redeemed_share`, {
          percent: percent(summary.redeemed, summary.issuedCount),
        })}
      />
      <FigureTile
        label={translate(`${K}.figures.available`)}
        value={summary.available}
        tone="success.main"
        caption={translate(`${K}.figures.expired`, { smart_count: summary.expired })}
      />
      <FigureTile
        label={translate(`${K}.figures.left`)}
        value={summary.left}
        tone={summary.left === 0 ? 'error.main' : 'text.primary'}
        caption={translate(summary.left === 0 ? `${K}.figures.sold_out` : `${K}.figures.left_caption`)}
      />
    </Box>
  );
};

const PackFigures = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  // reloaded when react-admin's refresh brings the pack back with another count or update time
  const summary = usePackSummary(record.id, `${String(record.issuedCount)}:${String(record.updateTime)}`);
  return (
    <Box component="section" aria-label={translate(`${K}.figures.title`)}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {translate(`${K}.figures.title`)}
      </Typography>
      {summary.status === 'ready' ? (
        <Figures summary={summary.data} />
      ) : summary.status === 'error' ? (
        <Alert severity="warning" variant="outlined">
          {`${translate(`${K}.figures.failed`)} ${toApiErrorLike(summary.error).message}`}
        </Alert>
      ) : (
        <LinearProgress aria-label={translate(`${K}.figures.loading`)} />
      )}
    </Box>
  );
};

/** The voucher's code, linking to its page (the row opens it too; one navigation, not two). */
const CodeLink = ({ record }: { record: RaRecord }) => {
  const createPath = useCreatePath();
  return (
    <Link
      to={createPath({ resource: vouchers.name, id: record.id, type: 'show' })}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      sx={{ fontFamily: 'monospace', fontWeight: 600 }}
    >
      {String(record.code ?? record.id)}
    </Link>
  );
};

const PackVouchers = () => {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: vouchers.name });
  if (isPending || !canAccess) return null;
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3 }}
      component="section"
      aria-label={translate(`${K}.vouchers`)}
    >
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${K}.vouchers`)}
        </Typography>
        <ReferenceManyField
          reference={vouchers.name}
          target="voucherPackId"
          sort={{ field: 'createTime', order: 'DESC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {translate(`${K}.no_vouchers`)}
            </Typography>
          }
        >
          <DataTable bulkActionButtons={false} rowClick="show">
            <DataTable.Col source="code" render={(r: RaRecord) => <CodeLink record={r} />} />
            <DataTable.Col source="memberMobile" />
            <DataTable.Col source="state" render={(r: RaRecord) => <VoucherStateChip state={r.state} />} />
            <DataTable.Col source="validUntil" render={(r: RaRecord) => day(r.validUntil)} />
            <DataTable.Col
              source="redeemedAt"
              render={(r: RaRecord) => (r.redeemedAt ? dateTime(r.redeemedAt) : '—')}
            />
            <DataTable.Col source="createTime" render={(r: RaRecord) => dateTime(r.createTime)} />
          </DataTable>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
};

const PackPage = () => {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return (
    <Stack spacing={3}>
      <PackCard record={record} />
      <PackFigures record={record} />
      <PackVouchers />
    </Stack>
  );
};

/** react-admin's show view of voucherPacks (registered through src/pages/resources/overrides.ts). */
export const VoucherPackShow = (props: Partial<ShowProps>) => (
  <Show resource={voucherPacks.name} actions={<PackActions />} component={Box} {...props}>
    <PackPage />
  </Show>
);
