// The approval queue (/approve/merchant-signup): the declared merchantSignup list, opening on the
// PENDING requests (the approval filter starts at Pending and can be cleared), the approval as a
// coloured chip, and a row click that opens the request with its Approve / Reject buttons.
import {
  DataTable,
  FunctionField,
  List,
  type RaRecord,
  SelectField,
  SimpleList,
  TextField,
} from 'react-admin';
import { merchantSignup } from '../../../resources';
import { ListActions } from '../../builders/buttons';
import { choicesOf } from '../../builders/choices';
import { filtersOf } from '../../builders/filters';
import { type GeneratedListProps, ListAccess, rowClickOf } from '../../builders/GeneratedList';
import { LocalDateField } from '../../components/LocalDateField';
import { useIsPhone } from '../../components/useIsPhone';
import { ApprovalChip } from './MerchantSignupShow';

const filters = filtersOf(merchantSignup);
const kindField = merchantSignup.fields.find((f) => f.name === 'requestKind');
const kindChoices = kindField?.type === 'select' ? choicesOf(merchantSignup.name, kindField) : [];

/** What the queue shows first: the requests still waiting for a decision. */
export const PENDING_FIRST = { approval: ['PENDING'] };

export const MerchantSignupList = ({
  disableSyncWithLocation,
  storeKey,
  onRowClick,
  onCreate,
  title,
  filter,
  empty,
}: GeneratedListProps) => {
  const phone = useIsPhone();
  const rowClick = rowClickOf(onRowClick);
  return (
    <ListAccess resource={merchantSignup.name}>
      <List
        resource={merchantSignup.name}
        disableAuthentication
        sort={{ field: 'createTime', order: 'DESC' }}
        filters={filters}
        filterDefaultValues={PENDING_FIRST}
        actions={<ListActions decl={merchantSignup} {...(onCreate ? { onCreate } : {})} />}
        exporter={false}
        {...(filter ? { filter } : {})}
        {...(empty !== undefined ? { empty } : {})}
        {...(disableSyncWithLocation ? { disableSyncWithLocation } : {})}
        {...(storeKey !== undefined ? { storeKey } : {})}
        {...(title !== undefined ? { title } : {})}
      >
        {phone ? (
          <SimpleList
            rowClick={rowClick}
            primaryText={(r: RaRecord) => String(r.companyName ?? '')}
            secondaryText={
              <>
                <SelectField source="requestKind" choices={kindChoices} /> ·{' '}
                <TextField source="contactEmail" /> · <LocalDateField source="createTime" showTime />
              </>
            }
            tertiaryText={
              <FunctionField
                source="approval"
                sx={{ float: 'right' }}
                render={(r: RaRecord) => <ApprovalChip approval={r.approval} />}
              />
            }
          />
        ) : (
          <DataTable rowClick={rowClick} bulkActionButtons={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="requestKind">
              <SelectField source="requestKind" choices={kindChoices} />
            </DataTable.Col>
            <DataTable.Col source="companyName">
              <TextField source="companyName" sx={{ fontWeight: 500 }} />
            </DataTable.Col>
            <DataTable.Col source="brandName" disableSort />
            <DataTable.Col source="storeName" disableSort />
            <DataTable.Col source="contactEmail" disableSort />
            <DataTable.Col source="approval">
              <FunctionField
                source="approval"
                render={(r: RaRecord) => <ApprovalChip approval={r.approval} />}
              />
            </DataTable.Col>
            <DataTable.Col source="createTime">
              <LocalDateField source="createTime" showTime />
            </DataTable.Col>
            <DataTable.Col source="decidedAt">
              <LocalDateField source="decidedAt" showTime />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </ListAccess>
  );
};
