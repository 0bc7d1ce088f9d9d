// A member's profile's header (MemberProfilePage.tsx): the mobile, name, level and visits, with "Issue a
// card" and "Issue vouchers" for this member in the stamping and voucher pages' own dialogs.
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import LocalActivityOutlined from '@mui/icons-material/LocalActivityOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, ReferenceInput, required, useTranslate } from 'react-admin';
import { stampCard, store } from '../../../resources';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import {
  ConfirmedOperationDialog,
  OperationDialog,
  submitErrorsOf,
} from '../../components/operations/OperationDialog';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { useStampCardAccess } from '../stampCards/access';
import { issueMemberCard } from '../stampCards/api';
import { STAMP_FIELD_LABELS } from '../stampCards/parts';
import { useVoucherAccess } from '../vouchers/access';
import { type IssueValues, IssueVouchersFields, useIssueVouchers } from '../vouchers/IssueVouchers';
import { LevelChip } from './MembersList';
import type { MemberProfile } from './ProfileParts';

const K = 'memberPages.profile';

/** "Issue a card": a programme and a store; the member is this one. */
const IssueCardDialog = ({
  mobile,
  open,
  onClose,
  onDone,
}: {
  mobile: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  return (
    <ConfirmedOperationDialog
      open={open}
      title={translate(`${K}.issue_card`)}
      submitLabel={translate('stampPages.show.issue.submit')}
      onClose={onClose}
      fieldLabels={STAMP_FIELD_LABELS}
      defaultValues={{ memberMobile: mobile }}
      onSubmit={async (values, { run, close }) => {
        const body = { memberMobile: mobile, storeId: Number(values.storeId) };
        const programmeId = Number(values.stampCardId);
        const outcome = await run({
          action: translate('stampPages.show.issue.action'),
          item: translate('stampPages.show.issue.item'),
          request: `issue-card ${programmeId} ${JSON.stringify(body)}`,
          send: (key) => issueMemberCard(http, programmeId, body, key),
        });
        return submitErrorsOf(outcome, ['memberMobile', 'storeId'] as const, () => {
          close();
          onDone();
        });
      }}
    >
      <PhoneNumberInput source="memberMobile" label="stampPages.show.issue.member_mobile" disabled />
      <ReferenceInput
        source="stampCardId"
        reference={stampCard.name}
        filter={{ state: 'ACTIVE' }}
        perPage={50}
      >
        <AutocompleteInput
          label={translate(`${K}.programme`)}
          optionText="title"
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <ReferenceInput source="storeId" reference={store.name} perPage={100}>
        <AutocompleteInput
          label={translate('stampPages.show.issue.store')}
          optionText="name"
          validate={required()}
          helperText={translate('stampPages.show.issue.store_help')}
          fullWidth
        />
      </ReferenceInput>
    </ConfirmedOperationDialog>
  );
};

/** "Issue vouchers": a pack and how many; the member is this one. */
const IssueVouchersDialog = ({
  mobile,
  open,
  onClose,
  onDone,
}: {
  mobile: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const { submit, failure, clearFailure, confirmDialog, onCharge } = useIssueVouchers(() => {
    onClose();
    onDone();
  });
  const close = () => {
    clearFailure();
    onClose();
  };
  return (
    <>
      <OperationDialog
        open={open}
        title={translate(`${K}.issue_vouchers`)}
        submitLabel={translate('voucherPages.issue.submit')}
        onClose={close}
        onSubmit={(values) => {
          const v = values as IssueValues;
          return submit(Number(v.voucherPackId), { ...v, memberMobile: mobile });
        }}
        failure={failure}
        defaultValues={{ memberMobile: mobile, quantity: 1 }}
      >
        <IssueVouchersFields pickPack onCharge={onCharge} />
      </OperationDialog>
      {confirmDialog}
    </>
  );
};

export const Header = ({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const cardsAccess = useStampCardAccess();
  const voucherAccess = useVoucherAccess();
  const [dialog, setDialog] = useState<'card' | 'vouchers' | null>(null);
  const { member } = profile;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={translate(`${K}.member`)}
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {member.mobile}
            </Typography>
            {profile.level ? <LevelChip level={profile.level} /> : null}
          </Stack>
          <Typography variant="body1">{member.name || translate(`${K}.no_name`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`${K}.first_visit`, {
              at: profile.firstVisitAt ? dateTime(profile.firstVisitAt) : '—',
            })}
            {' · '}
            {translate(`${K}.last_visit`, { at: profile.lastVisitAt ? dateTime(profile.lastVisitAt) : '—' })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {cardsAccess.mayIssue ? (
            <Button variant="contained" startIcon={<AddCardOutlined />} onClick={() => setDialog('card')}>
              {translate(`${K}.issue_card`)}
            </Button>
          ) : null}
          {voucherAccess.mayIssue ? (
            <Button
              variant="outlined"
              startIcon={<LocalActivityOutlined />}
              onClick={() => setDialog('vouchers')}
            >
              {translate(`${K}.issue_vouchers`)}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <IssueCardDialog
        mobile={member.mobile}
        open={dialog === 'card'}
        onClose={() => setDialog(null)}
        onDone={onChanged}
      />
      <IssueVouchersDialog
        mobile={member.mobile}
        open={dialog === 'vouchers'}
        onClose={() => setDialog(null)}
        onDone={onChanged}
      />
    </Paper>
  );
};
