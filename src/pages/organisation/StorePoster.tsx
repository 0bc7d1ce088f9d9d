// A store's sign-up poster (issue 26 item 4; docs/decisions.md "Scan at the counter"): "Print poster"
// on the store's page picks one of its brand's ACTIVE stamp card programmes, and
// /organization/store/poster?storeId=&programmeId= is the printable page: the brand, the programme,
// its reward, "Scan to join" and a large QR of the public sign-up page
// (`${origin}/join/{storeId}/{programmeId}`, contract/pocket.ts POCKET_PAGES.JOIN). Printing keeps the
// sheet alone, sized to fit A4 and Letter alike.
import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import {
  type RaRecord,
  Title,
  useCanAccess,
  useCreatePath,
  useGetList,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatMoney } from '../../../contract/format';
import { POCKET_PAGES } from '../../../contract/pocket';
import { brand, stampCard, store, voucherPacks } from '../../../resources';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { posterEn } from '../../i18n/scanScreens.en';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(posterEn);

const K = 'posterPages';
export const POSTER_PATH = '/organization/store/poster';

export const posterPath = (storeId: number, programmeId?: number): string =>
  `${POSTER_PATH}?storeId=${storeId}${programmeId === undefined ? '' : `&programmeId=${programmeId}`}`;

/** The public sign-up page the poster's QR opens. */
export const joinUrl = (origin: string, storeId: number, programmeId: number): string =>
  `${origin}${POCKET_PAGES.JOIN}${storeId}/${programmeId}`;

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The brand's ACTIVE programmes that have not ended, each a link to its poster. */
const ProgrammeChoices = ({ storeId, brandId }: { storeId: number; brandId: unknown }) => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<RaRecord>(
    stampCard.name,
    {
      filter: { brandId, state: 'ACTIVE' },
      sort: { field: 'title', order: 'ASC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: typeof brandId === 'number' },
  );
  if (isPending) return <LinearProgress aria-label={translate(`${K}.loading`)} />;
  if (error) return <Alert severity="error">{translate('common.notice.unknown_error')}</Alert>;
  const running = (data ?? []).filter((p) => typeof p.endDate !== 'string' || p.endDate >= todayIso());
  if (running.length === 0) return <Alert severity="info">{translate(`${K}.no_programmes`)}</Alert>;
  return (
    <List aria-label={translate(`${K}.programmes`)} disablePadding>
      {running.map((p) => (
        <ListItemButton key={p.id} component={RouterLink} to={posterPath(storeId, Number(p.id))}>
          <ListItemText
            primary={String(p.title ?? '')}
            secondary={translate(`${K}.stamps_required`, { stamps: Number(p.stampsRequired) })}
          />
        </ListItemButton>
      ))}
    </List>
  );
};

/** The panel on a store's page: "Print poster", then the programme to print it for. */
export const StorePosterPanel = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { canAccess: mayListProgrammes } = useCanAccess({ action: 'list', resource: stampCard.name });
  if (!record || !mayListProgrammes || record.state !== 'ACTIVE') return null;
  return (
    <Card component="section" aria-label={translate(`${K}.panel_title`)} sx={{ width: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <QrCode2 color="action" />
          <Typography variant="h6" component="h2">
            {translate(`${K}.panel_title`)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate(`${K}.panel_intro`)}
        </Typography>
        <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => setOpen(true)}>
          {translate(`${K}.print_poster`)}
        </Button>
      </CardContent>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{translate(`${K}.pick_title`)}</DialogTitle>
        <DialogContent>
          {open ? <ProgrammeChoices storeId={Number(record.id)} brandId={record.brandId} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('common.button.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
};

// Printing: the sheet alone, on a portrait page with margins that fit A4 (210 × 297 mm) and Letter
// (216 × 279 mm); the screen's app bar, menu and buttons are left out.
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'portrait', margin: '12mm' },
        'html, body': { background: '#fff !important' },
        'body *': { visibility: 'hidden' },
        '.poster-sheet, .poster-sheet *': { visibility: 'visible' },
        '.poster-sheet': {
          position: 'absolute',
          left: 0,
          top: 0,
          width: '100%',
          border: 'none !important',
          boxShadow: 'none !important',
        },
      },
    }}
  />
);

const Sheet = ({ storeRow, programme }: { storeRow: RaRecord; programme: RaRecord }) => {
  const translate = useTranslate();
  const { canAccess: mayViewBrand } = useCanAccess({ action: 'show', resource: brand.name });
  const { canAccess: mayViewPacks } = useCanAccess({ action: 'show', resource: voucherPacks.name });
  const { data: brandRow } = useGetOne<RaRecord>(
    brand.name,
    { id: storeRow.brandId },
    { enabled: mayViewBrand === true && typeof storeRow.brandId === 'number' },
  );
  const { data: pack } = useGetOne<RaRecord>(
    voucherPacks.name,
    { id: programme.rewardVoucherPackId },
    { enabled: mayViewPacks === true && typeof programme.rewardVoucherPackId === 'number' },
  );
  const url = joinUrl(window.location.origin, Number(storeRow.id), Number(programme.id));
  const stamps = Number(programme.stampsRequired);
  return (
    <Box
      className="poster-sheet"
      data-testid="poster-sheet"
      sx={{
        // the printable area of both A4 and Letter at 12 mm margins: 186 × 255 mm
        width: '100%',
        maxWidth: '186mm',
        minHeight: { md: '255mm' },
        mx: 'auto',
        p: { xs: 3, md: '14mm' },
        bgcolor: '#fff',
        color: '#111',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: { xs: 2, md: '6mm' },
        boxSizing: 'border-box',
        '@media print': { minHeight: '255mm', p: '10mm' },
      }}
    >
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, letterSpacing: 1, color: 'inherit' }}>
        {brandRow ? String(brandRow.name) : '\u00a0'}
      </Typography>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' }, color: 'inherit' }}
      >
        {String(programme.title ?? '')}
      </Typography>
      <Typography variant="h6" component="p" sx={{ color: 'inherit' }}>
        {pack
          ? translate(`${K}.reward`, {
              stamps,
              reward: `${String(pack.title)} (${formatMoney(pack.voucherValue, pack.currency)})`,
            })
          : translate(`${K}.collect`, { stamps })}
      </Typography>
      <Box sx={{ width: { xs: '100%', md: '110mm' }, maxWidth: '110mm', lineHeight: 0, my: 1 }}>
        <QRCodeSVG
          value={url}
          size={512}
          marginSize={2}
          level="M"
          title={translate(`${K}.qr_label`)}
          style={{ width: '100%', height: 'auto' }}
          data-testid="poster-qr"
          data-value={url}
        />
      </Box>
      <Typography variant="h3" component="p" sx={{ fontWeight: 800, color: 'inherit' }}>
        {translate(`${K}.scan_to_join`)}
      </Typography>
      <Typography variant="body1" sx={{ color: 'inherit' }}>
        {translate(`${K}.how`)}
      </Typography>
      <Box sx={{ mt: 'auto' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, color: 'inherit' }}>
          {String(storeRow.name ?? '')}
        </Typography>
        <Typography variant="body2" sx={{ color: '#444' }}>
          {String(storeRow.address ?? '')}
        </Typography>
        <Typography variant="caption" sx={{ color: '#555', wordBreak: 'break-all' }}>
          {url}
        </Typography>
      </Box>
    </Box>
  );
};

const positiveId = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /organization/store/poster?storeId=&programmeId= */
export const StorePosterPage = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const query = new URLSearchParams(useLocation().search);
  const storeId = positiveId(query.get('storeId'));
  const programmeId = positiveId(query.get('programmeId'));
  const { data: storeRow, error: storeError } = useGetOne<RaRecord>(
    store.name,
    { id: storeId ?? 0 },
    { enabled: storeId !== null },
  );
  const { data: programme, error: programmeError } = useGetOne<RaRecord>(
    stampCard.name,
    { id: programmeId ?? 0 },
    { enabled: programmeId !== null },
  );
  const title = translate(`${K}.title`);
  const back =
    storeId === null ? (store.route ?? '/') : createPath({ resource: store.name, id: storeId, type: 'show' });
  const wrongProgramme =
    storeRow && programme && (programme.brandId !== storeRow.brandId || programme.state !== 'ACTIVE');
  return (
    <Box>
      <Title title={title} />
      {PRINT_STYLES}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', '@media print': { display: 'none' } }}
      >
        <Button component={RouterLink} to={back} startIcon={<ArrowBack />}>
          {translate(`${K}.back`)}
        </Button>
        <Box sx={{ flex: 1 }} />
        {storeRow && programme && !wrongProgramme ? (
          <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            {translate(`${K}.print`)}
          </Button>
        ) : null}
      </Stack>
      {storeId === null ? (
        <Alert severity="info">{translate(`${K}.no_store`)}</Alert>
      ) : storeError || programmeError ? (
        <Alert severity="error">{translate(`${K}.not_found`)}</Alert>
      ) : !storeRow ? (
        <LinearProgress aria-label={translate(`${K}.loading`)} />
      ) : programmeId === null ? (
        <Card variant="outlined" sx={{ maxWidth: 480 }}>
          <CardContent>
            <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
              {translate(`${K}.pick_title`)}
            </Typography>
            <ProgrammeChoices storeId={storeId} brandId={storeRow.brandId} />
          </CardContent>
        </Card>
      ) : !programme ? (
        <LinearProgress aria-label={translate(`${K}.loading`)} />
      ) : wrongProgramme ? (
        <Alert severity="warning">{translate(`${K}.wrong_programme`)}</Alert>
      ) : (
        <Sheet storeRow={storeRow} programme={programme} />
      )}
    </Box>
  );
};
