// A pack's generated edit form, with how many available vouchers keep the terms they were issued
// under (issue 40 item 2): the AVAILABLE count of the pack's figures (GET /voucher-packs/{id}/summary).
import { type EditProps, useRecordContext } from 'react-admin';
import { GeneratedEdit } from '../../builders/GeneratedEdit';
import { TermsKeptNotice } from '../../components/TermsKeptNotice';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { packTermsEn } from '../../i18n/rules.en';
import { usePackSummary } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(packTermsEn);

const LiveVouchers = () => {
  const record = useRecordContext();
  const summary = usePackSummary(record?.id, String(record?.updateTime ?? ''));
  return (
    <TermsKeptNotice
      live={summary.status === 'ready' ? summary.data.available : null}
      wording="voucherPages.edit.live_vouchers"
    />
  );
};

export const VoucherPackEdit = (props: Partial<EditProps>) => (
  <GeneratedEdit resource="voucherPacks" notice={<LiveVouchers />} {...props} />
);
