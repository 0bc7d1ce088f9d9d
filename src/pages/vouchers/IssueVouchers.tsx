// Issuing vouchers of a pack to a member (POST /voucher-packs/{id}/vouchers): the member's mobile and
// how many, optionally the pack too (the "Issue vouchers" page), then 'Confirm to Issue - Vouchers?'.
// The pack page opens it as a dialog; /vouchers/create is the same form on a page.
import { Box, Typography } from '@mui/material';
import { useCallback, useEffect, useRef } from 'react';
import {
  AutocompleteInput,
  maxValue,
  minValue,
  NumberInput,
  type RaRecord,
  ReferenceInput,
  required,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { IssueVouchersResult } from '../../../contract/vouchers';
import { voucherPacks } from '../../../resources';
import { useHttpClient } from '../../components/HttpClientContext';
import { wholeNumber } from '../../components/operations/inputs';
import {
  OperationDialog,
  type SubmitErrors,
  submitErrorsOf,
} from '../../components/operations/OperationDialog';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { useWalletCharge, type WalletCharge, WalletChargeLine } from '../finance/WalletCharge';
import { ISSUE_MAX, issueVouchers, usePackSummary, type VoucherRow } from './api';

const K = 'voucherPages.issue';
const FIELDS = ['voucherPackId', 'memberMobile', 'quantity'] as const;

export interface IssueValues {
  voucherPackId?: number | null;
  memberMobile?: string;
  quantity?: number | null;
}

const quantityValidators = [required(), wholeNumber(`${K}.whole_number`), minValue(1), maxValue(ISSUE_MAX)];

/** "12 left of 500 · at most 5 per member" under the quantity, once the pack's figures are known. */
const PackHint = ({ packId, limit }: { packId: number | undefined; limit?: number }) => {
  const translate = useTranslate();
  const summary = usePackSummary(packId, '');
  if (summary.status !== 'ready') return null;
  const { left, quantity } = summary.data;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5, mb: 1 }}>
      {translate(`${K}.left`, { left, quantity })}
      {limit !== undefined ? ` · ${translate(`${K}.limit`, { limit })}` : ''}
    </Typography>
  );
};

/** The chosen pack's figures, for the page where the pack is picked. */
const PickedPackHint = () => {
  const packId = useWatch<IssueValues, 'voucherPackId'>({ name: 'voucherPackId' });
  return typeof packId === 'number' ? <PackHint packId={packId} /> : null;
};

/** Told the charge of what the form would issue, whenever it changes (the confirm question says it). */
export type OnCharge = (charge: WalletCharge | null) => void;

/** What issuing the form's quantity of pack `packId` takes from the wallet, under the form. */
const PackCharge = ({
  packId,
  onCharge,
}: {
  packId: number | undefined;
  onCharge?: OnCharge | undefined;
}) => {
  const quantity = useWatch<IssueValues, 'quantity'>({ name: 'quantity' });
  const { data: pack } = useGetOne<RaRecord>(
    voucherPacks.name,
    { id: packId ?? 0 },
    { enabled: typeof packId === 'number' },
  );
  const charge = useWalletCharge(
    pack?.price,
    quantity === null ? undefined : Number(quantity),
    pack?.currency,
  );
  useEffect(() => onCharge?.(charge), [onCharge, charge]);
  return <WalletChargeLine charge={charge} />;
};

/** The picked pack's charge, on the page where the pack is picked. */
const PickedPackCharge = ({ onCharge }: { onCharge?: OnCharge | undefined }) => {
  const packId = useWatch<IssueValues, 'voucherPackId'>({ name: 'voucherPackId' });
  return <PackCharge packId={typeof packId === 'number' ? packId : undefined} onCharge={onCharge} />;
};

/** The inputs; `pickPack` adds the pack picker (ACTIVE packs only: no other issues). */
export const IssueVouchersFields = ({
  pickPack,
  packId,
  limit,
  onCharge,
}: {
  pickPack: boolean;
  packId?: number;
  limit?: number;
  /** told the wallet charge of what the form would issue (useIssueVouchers' `onCharge`) */
  onCharge?: OnCharge;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {pickPack && (
        <ReferenceInput
          source="voucherPackId"
          reference={voucherPacks.name}
          filter={{ state: 'ACTIVE' }}
          sort={{ field: 'title', order: 'ASC' }}
          perPage={50}
        >
          <AutocompleteInput
            label={translate(`${K}.pack`)}
            optionText="title"
            validate={required()}
            helperText={translate(`${K}.pack_help`)}
            fullWidth
          />
        </ReferenceInput>
      )}
      <PhoneNumberInput
        source="memberMobile"
        label={`${K}.member_mobile`}
        validate={required()}
        autoFocus={!pickPack}
      />
      <NumberInput
        source="quantity"
        label={translate(`${K}.quantity`)}
        validate={quantityValidators}
        min={1}
        max={ISSUE_MAX}
        step={1}
        helperText={translate(`${K}.quantity_help`, { max: ISSUE_MAX })}
      />
      {pickPack ? <PickedPackHint /> : <PackHint packId={packId} limit={limit} />}
      {pickPack ? (
        <PickedPackCharge onCharge={onCharge} />
      ) : (
        <PackCharge packId={packId} onCharge={onCharge} />
      )}
    </Box>
  );
};

/**
 * The issue call behind both screens: `submit(packId, values)` confirms, sends and reports, and
 * answers the form's errors (the server's violations on the form's own fields).
 */
export const useIssueVouchers = (onIssued: (result: IssueVouchersResult<VoucherRow>) => void) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  // what the fields last said the issue costs: the confirm question says it too
  const charge = useRef<WalletCharge | null>(null);
  const onCharge: OnCharge = useCallback((c) => {
    charge.current = c;
  }, []);
  const submit = async (packId: number, values: IssueValues): Promise<SubmitErrors> => {
    const body = { memberMobile: String(values.memberMobile ?? ''), quantity: Number(values.quantity) };
    const detail = charge.current?.sentence;
    const outcome = await run({
      action: translate(`${K}.action`),
      item: translate(`${K}.item`),
      request: `issue ${packId} ${JSON.stringify(body)}`,
      send: (key) => issueVouchers(http, packId, body, key),
      ...(detail ? { detail } : {}),
    });
    return submitErrorsOf(outcome, FIELDS, onIssued);
  };
  return { submit, failure, clearFailure, confirmDialog, onCharge };
};

export interface IssueVouchersDialogProps {
  open: boolean;
  pack: { id: number; title?: unknown; issueLimitPerMember?: unknown };
  onClose: () => void;
  onIssued: (result: IssueVouchersResult<VoucherRow>) => void;
}

/** The pack page's "Issue vouchers" dialog. */
export const IssueVouchersDialog = ({ open, pack, onClose, onIssued }: IssueVouchersDialogProps) => {
  const translate = useTranslate();
  const { submit, failure, clearFailure, confirmDialog, onCharge } = useIssueVouchers((result) => {
    onIssued(result);
    onClose();
  });
  const close = () => {
    clearFailure();
    onClose();
  };
  const limit = typeof pack.issueLimitPerMember === 'number' ? pack.issueLimitPerMember : undefined;
  return (
    <>
      <OperationDialog
        open={open}
        title={translate(`${K}.title_pack`, { pack: String(pack.title ?? `#${pack.id}`) })}
        submitLabel={translate(`${K}.submit`)}
        onClose={close}
        onSubmit={(values) => submit(pack.id, values as IssueValues)}
        failure={failure}
        defaultValues={{ memberMobile: '', quantity: 1 }}
      >
        <IssueVouchersFields
          pickPack={false}
          packId={pack.id}
          onCharge={onCharge}
          {...(limit !== undefined ? { limit } : {})}
        />
      </OperationDialog>
      {confirmDialog}
    </>
  );
};
