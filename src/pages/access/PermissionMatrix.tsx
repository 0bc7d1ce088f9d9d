// The permission matrix: one row per resource the caller may see, one column per action (VIEW,
// UPDATE, ADD). A cell the caller does not hold themselves is greyed out (the server would answer
// 26238). Used by "Manage access" (a person's direct permissions) and the user-group forms.
import { Box, Checkbox, TableContainer, Tooltip, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { type AccessSubject, COUNTER, canGrant, type Permission } from '../../../contract/access';
import type { UserType } from '../../../contract/enums';
import { PlainTable } from '../../components/PlainTable';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { counterMatrixEn } from '../../i18n/rules.en';
import {
  hasPermission,
  MATRIX_ACTIONS,
  matrixResources,
  plainPermissions,
  togglePermission,
} from './permissions';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(counterMatrixEn);

export interface PermissionMatrixProps {
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  /** who is granting: decides the rows and which cells are enabled */
  caller: AccessSubject;
  /** the type of the user or group receiving the permissions */
  targetType: UserType;
  disabled?: boolean;
  /** the table's own scroll height; 'none' where the surrounding dialog scrolls instead */
  maxHeight?: number | 'none';
}

export const PermissionMatrix = ({
  value,
  onChange,
  caller,
  targetType,
  disabled,
  maxHeight = 420,
}: PermissionMatrixProps) => {
  const translate = useTranslate();
  const rows = useMemo(() => matrixResources(caller, targetType), [caller, targetType]);
  const resourceLabel = (resource: string) => translate(`access.resources.${resource}`, { _: resource });
  return (
    <Box>
      <TableContainer sx={{ maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <PlainTable
          label={translate('access.group.permissions')}
          stickyHeader
          rows={rows}
          rowKey={(resource) => resource}
          rowProps={(resource) => ({ hover: true, 'data-testid': `matrix-row-${resource}` })}
          columns={[
            { label: translate('access.matrix.resource'), rowHeader: true, render: resourceLabel },
            ...MATRIX_ACTIONS.map((action) => ({
              key: action,
              label: translate(`access.matrix.actions.${action}`),
              align: 'center' as const,
              headSx: { width: { xs: 56, sm: 90 }, px: { xs: 0.5, sm: 2 } },
              padding: 'checkbox' as const,
              render: (resource: string) => {
                const allowed = canGrant(caller, { resource, action });
                const box = (
                  <Checkbox
                    size="small"
                    checked={hasPermission(value, resource, action)}
                    disabled={disabled || !allowed}
                    onChange={(e) => onChange(togglePermission(value, resource, action, e.target.checked))}
                    slotProps={{
                      input: {
                        'aria-label': translate('access.matrix.cell', {
                          action: translate(`access.matrix.actions.${action}`),
                          resource: resourceLabel(resource),
                        }),
                      },
                    }}
                  />
                );
                return allowed ? (
                  box
                ) : (
                  <Tooltip title={translate('access.matrix.not_held')}>
                    <span>{box}</span>
                  </Tooltip>
                );
              },
            })),
          ]}
        />
      </TableContainer>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {translate('access.matrix.implies')}
      </Typography>
      {rows.includes(COUNTER) ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {translate('access.matrix.counter')}
        </Typography>
      ) : null}
    </Box>
  );
};

/** The matrix as a react-admin form input (the user-group forms' `permissions`). */
export const PermissionMatrixInput = ({
  source = 'permissions',
  caller,
  targetType,
  maxHeight,
}: {
  source?: string;
  caller: AccessSubject;
  targetType: UserType;
  maxHeight?: number | 'none';
}) => {
  const { field } = useInput({ source, defaultValue: [] });
  return (
    <PermissionMatrix
      value={plainPermissions(field.value)}
      onChange={(next) => field.onChange(next)}
      caller={caller}
      targetType={targetType}
      {...(maxHeight === undefined ? {} : { maxHeight })}
    />
  );
};
