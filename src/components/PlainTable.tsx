import {
  Card,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  type TableCellProps,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { TableScroll } from './operations/ShowPage';

/** One column of a {@link PlainTable}: its header and what each row shows under it. */
export interface PlainColumn<Row> {
  /** the column's React key; its index when none */
  key?: string;
  /** the header cell's content (null for a column without a header, as a row's buttons) */
  label: ReactNode;
  /** the row's cell content */
  render: (row: Row) => ReactNode;
  align?: TableCellProps['align'];
  /** the header cell's style (a width) */
  headSx?: SxProps<Theme>;
  /** the body cells' style, the same for every row */
  sx?: SxProps<Theme>;
  /** the body cell's style when it depends on the row (in place of `sx`) */
  rowSx?: (row: Row) => SxProps<Theme> | undefined;
  /** the body cell names its row (a `th` with scope="row") */
  rowHeader?: boolean;
  /** the body cells' padding ('checkbox' for a cell holding a checkbox) */
  padding?: TableCellProps['padding'];
}

/** What a body row carries besides its cells: test ids and data attributes, the hover shade. */
export type PlainRowProps = { [attribute: `data-${string}`]: string | undefined } & { hover?: boolean };

export interface PlainTableProps<Row> {
  /** the table's accessible name (or `labelledBy`, the id of the heading that names it) */
  label?: string;
  labelledBy?: string;
  /** a falsy entry is a column left out (on a phone, say) */
  columns: readonly (PlainColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => PlainRowProps;
  /**
   * What stands instead of the table when there are no rows: a text (in secondary colour) or a node.
   * Without it an empty table still shows its header.
   */
  empty?: ReactNode;
  /**
   * The table's box. 'scroll': on a screen narrower than the table it scrolls sideways inside its
   * box; 'card': the same inside an outlined card; 'none' (the default): the bare table, for a box
   * the caller gives it.
   */
  frame?: 'none' | 'scroll' | 'card';
  /** the header stays in view while the table scrolls inside a box of limited height */
  stickyHeader?: boolean;
}

const cellSx = <Row,>(column: PlainColumn<Row>, row: Row) => (column.rowSx ? column.rowSx(row) : column.sx);

/**
 * The portal's simple table, for the screens that show a list of their own (not a react-admin list):
 * a small MUI table from a list of columns and the rows, with its empty state and its box.
 */
export const PlainTable = <Row,>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  frame = 'none',
  stickyHeader,
}: PlainTableProps<Row>) => {
  if (rows.length === 0 && empty !== undefined)
    return typeof empty === 'string' ? <Typography color="text.secondary">{empty}</Typography> : empty;
  const shown = columns.filter((c): c is PlainColumn<Row> => Boolean(c));
  const table = (
    <Table
      size="small"
      {...(stickyHeader ? { stickyHeader } : {})}
      {...(label !== undefined ? { 'aria-label': label } : {})}
      {...(labelledBy !== undefined ? { 'aria-labelledby': labelledBy } : {})}
    >
      <TableHead>
        <TableRow>
          {shown.map((c, i) => (
            <TableCell
              key={c.key ?? i}
              {...(c.align ? { align: c.align } : {})}
              {...(c.headSx ? { sx: c.headSx } : {})}
            >
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((c, i) => {
              const sx = cellSx(c, row);
              return (
                <TableCell
                  key={c.key ?? i}
                  {...(c.rowHeader ? { component: 'th', scope: 'row' } : {})}
                  {...(c.align ? { align: c.align } : {})}
                  {...(c.padding ? { padding: c.padding } : {})}
                  {...(sx ? { sx } : {})}
                >
                  {c.render(row)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  if (frame === 'scroll') return <TableScroll>{table}</TableScroll>;
  if (frame === 'card')
    return (
      <TableContainer component={Card} variant="outlined">
        {table}
      </TableContainer>
    );
  return table;
};
