// A programme's generated edit form, with how many live cards keep the terms they were issued under
// (issue 40 item 2): the AVAILABLE count of the programme's figures (GET /stamp-cards/{id}/summary).
import { type EditProps, useRecordContext } from 'react-admin';
import { GeneratedEdit } from '../../builders/GeneratedEdit';
import { TermsKeptNotice } from '../../components/TermsKeptNotice';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { useStampCardSummary } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

const LiveCards = () => {
  const record = useRecordContext();
  const summary = useStampCardSummary(record?.id, String(record?.updateTime ?? ''));
  return (
    <TermsKeptNotice
      live={summary.status === 'ready' ? summary.data.available : null}
      wording="stampPages.edit.live_cards"
    />
  );
};

export const StampCardEdit = (props: Partial<EditProps>) => (
  <GeneratedEdit resource="stampCard" notice={<LiveCards />} {...props} />
);
