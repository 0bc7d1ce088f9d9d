// The skeleton of a hand-written show page of a record that operations move (a voucher pack, a
// voucher, a stamp card programme, a member card): the toolbar with the way back, the record's card
// with its title and chips, and sections below it (the records it holds, its history), stacked.
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  LinearProgress,
  Stack,
  type SxProps,
  type Theme,
  Tooltip,
  Typography,
} from '@mui/material';
import { type MouseEvent, type ReactElement, type ReactNode, useState } from 'react';
import {
  DataTable,
  type Identifier,
  Link,
  Pagination,
  type RaRecord,
  ReferenceManyField,
  Show,
  type ShowProps,
  type SortPayload,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useGetManyReference,
  useRecordContext,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { toApiErrorLike } from '../apiError';

const RecordSections = ({ children }: { children: (record: RaRecord) => ReactNode }) => {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return <Stack spacing={3}>{children(record)}</Stack>;
};

export interface RecordShowProps extends Omit<Partial<ShowProps>, 'children'> {
  resource: string;
  /** the page's sections, once the record is loaded */
  children: (record: RaRecord) => ReactNode;
}

/**
 * react-admin's show view without its card: the sections stand on the page, each a card of its own.
 * Its content may be narrower than what it holds (min-width 0 on the flex child react-admin wraps it
 * in): a wide table scrolls inside its own box instead of making the page wider than the screen.
 */
export const RecordShow = ({ resource, children, ...props }: RecordShowProps) => (
  <Show resource={resource} component={Box} sx={{ '& .RaShow-card': { minWidth: 0 } }} {...props}>
    <RecordSections>{children}</RecordSections>
  </Show>
);

/**
 * A table's box: on a screen narrower than the table the table scrolls sideways inside it, and the
 * section around it keeps the screen's width. It takes the keyboard's focus, so a table without links
 * can still be scrolled without a mouse (WCAG 2.1.1; axe `scrollable-region-focusable` at 390 px).
 */
export const TableScroll = ({ children }: { children: ReactNode }) => (
  <Box className="TableScroll" tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
    {children}
  </Box>
);

/**
 * The show page's toolbar: the way back on the left; on the right the page's own buttons, then
 * `generated` (the generated show page's actions, as they are there: Enable / Disable, Edit).
 */
export const ShowToolbar = ({
  back,
  backLabel,
  generated,
  children,
}: {
  back: string;
  backLabel: string;
  generated?: ReactNode;
  children?: ReactNode;
}) => (
  <TopToolbar
    sx={{
      gap: 1,
      alignItems: 'center',
      // on a phone the way back has a row of its own and the buttons wrap below it, never overlapping
      flexWrap: 'wrap',
      justifyContent: { xs: 'flex-start', sm: 'flex-end' },
      mb: { xs: 1, sm: 0 },
    }}
  >
    <Box sx={{ flex: { xs: '1 0 100%', sm: '1 0 auto' } }}>
      <Button component={RouterLink} to={back} startIcon={<ArrowBack />}>
        {backLabel}
      </Button>
    </Box>
    {children}
    {generated ? (
      // the generated actions' own toolbar dissolves: its buttons are this toolbar's and wrap with them
      // (react-admin's TopToolbar carries no class of its own: it is the Toolbar inside)
      <Box sx={{ display: 'contents', '& .MuiToolbar-root': { display: 'contents' } }}>{generated}</Box>
    ) : null}
  </TopToolbar>
);

/** A button that may be disabled, with why in a tooltip. */
export const DisabledReason = ({
  disabled,
  reason,
  children,
}: {
  disabled: boolean;
  reason: string;
  children: ReactElement;
}) =>
  disabled ? (
    // a disabled button receives no pointer events: the tooltip listens on its wrapper
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    children
  );

/**
 * A contained button that opens an operation's dialog (`dialog(open, close)` renders it); disabled,
 * with the reason in a tooltip, while `disabledReason` is set.
 */
export const DialogButton = ({
  icon,
  label,
  disabledReason = null,
  dialog,
}: {
  icon: ReactNode;
  label: string;
  disabledReason?: string | null;
  dialog: (open: boolean, close: () => void) => ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  const disabled = disabledReason !== null;
  return (
    <>
      <DisabledReason disabled={disabled} reason={disabledReason ?? ''}>
        <Button variant="contained" startIcon={icon} onClick={() => setOpen(true)} disabled={disabled}>
          {label}
        </Button>
      </DisabledReason>
      {dialog(open, () => setOpen(false))}
    </>
  );
};

/** The record's own card, at the top of the page. */
export const ShowCard = ({ children }: { children: ReactNode }) => (
  <Card variant="outlined" sx={{ borderRadius: 3 }}>
    <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>{children}</CardContent>
  </Card>
);

/** The page's heading and the record's chips beside it; `code`: the title is a code read aloud. */
export const TitleRow = ({
  title,
  chips,
  code = false,
  mb,
}: {
  title: string;
  chips?: ReactNode;
  code?: boolean;
  mb: number;
}) => (
  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb }}>
    <Typography
      component="h1"
      variant="h5"
      sx={code ? { fontFamily: 'monospace', fontWeight: 700, letterSpacing: 1 } : { fontWeight: 600 }}
    >
      {title}
    </Typography>
    {chips}
  </Stack>
);

/** A record with a picture, a title and a description (a pack, a programme), then its details. */
export const HeadlineCard = ({
  image,
  title,
  chips,
  description,
  children,
}: {
  image: unknown;
  title: string;
  chips?: ReactNode;
  description: unknown;
  children: ReactNode;
}) => (
  <ShowCard>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
      {typeof image === 'string' && /^https?:\/\//.test(image) ? (
        <Box
          component="img"
          src={image}
          alt=""
          sx={{
            width: 120,
            height: 120,
            objectFit: 'cover',
            borderRadius: 2,
            flexShrink: 0,
            bgcolor: 'action.hover',
          }}
        />
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TitleRow title={title} chips={chips} mb={1} />
        {typeof description === 'string' && description !== '' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
            {description}
          </Typography>
        ) : null}
        {children}
      </Box>
    </Stack>
  </ShowCard>
);

/** A section of the page as a card, named by its heading. */
export const SectionCard = ({
  title,
  divider = false,
  children,
}: {
  title: string;
  divider?: boolean;
  children: ReactNode;
}) => (
  <Card variant="outlined" sx={{ borderRadius: 3 }} component="section" aria-label={title}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {divider ? <Divider /> : null}
      {children}
    </CardContent>
  </Card>
);

/**
 * The `reference` records whose `target` is the page's record, newest first, ten a page, each row
 * opening its record; not shown to a user who may not list them.
 */
export const RelatedRecords = ({
  title,
  reference,
  target,
  empty,
  children,
}: {
  title: string;
  reference: string;
  target: string;
  /** what an empty list says */
  empty: string;
  /** the DataTable's columns */
  children: ReactNode;
}) => {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: reference });
  if (isPending || !canAccess) return null;
  return (
    <SectionCard title={title}>
      <ReferenceManyField
        reference={reference}
        target={target}
        sort={{ field: 'createTime', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {empty}
          </Typography>
        }
      >
        <TableScroll>
          <DataTable bulkActionButtons={false} rowClick="show">
            {children}
          </DataTable>
        </TableScroll>
      </ReferenceManyField>
    </SectionCard>
  );
};

/**
 * A record's history (its `reference` rows whose `target` is `id`, up to 200, in `sort` order) as a
 * section: a bar while they load, a warning when they cannot, else `children(rows)`. react-admin's
 * refresh after an operation reloads them. Not shown to a user who may not list them.
 */
export const HistorySection = ({
  title,
  reference,
  target,
  id,
  sort,
  children,
}: {
  title: string;
  reference: string;
  target: string;
  id: Identifier;
  sort: SortPayload;
  children: (rows: RaRecord[]) => ReactNode;
}) => {
  const { canAccess, isPending: accessPending } = useCanAccess({ action: 'list', resource: reference });
  const { data, isPending, error } = useGetManyReference<RaRecord>(
    reference,
    { target, id, sort, pagination: { page: 1, perPage: 200 } },
    { enabled: canAccess === true },
  );
  if (accessPending || !canAccess) return null;
  return (
    <SectionCard title={title} divider>
      {error ? (
        <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
          {toApiErrorLike(error).message}
        </Alert>
      ) : isPending ? (
        <LinearProgress sx={{ mt: 2 }} />
      ) : (
        children(data ?? [])
      )}
    </SectionCard>
  );
};

/** A link to a record's page; inside a row that opens a record too, the link's click alone navigates. */
export const RecordLink = ({
  resource,
  id,
  sx,
  children,
}: {
  resource: string;
  id: Identifier;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) => {
  const createPath = useCreatePath();
  return (
    <Link
      to={createPath({ resource, id, type: 'show' })}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      {...(sx ? { sx } : {})}
    >
      {children}
    </Link>
  );
};
