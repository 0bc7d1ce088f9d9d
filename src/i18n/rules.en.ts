// English words of the rules across features (issue 40) that load with their screens, not with the
// portal (src/i18n/lateMessages.ts): the pack's edit notice, the permission matrix's counter line and
// the operator's members list hint. Simplified Chinese has them in public/locales/zh-CN/common.json.

/** A pack's edit screen (src/pages/vouchers/VoucherPackEdit.tsx). */
export const packTermsEn = {
  voucherPages: {
    edit: {
      live_vouchers:
        '%{smart_count} available voucher keeps its value, validity and whether it may be given away: your changes apply to vouchers issued from now on. |||| %{smart_count} available vouchers keep their value, validity and whether they may be given away: your changes apply to vouchers issued from now on.',
    },
  },
};

/** The permission matrix (src/pages/access/PermissionMatrix.tsx). */
export const counterMatrixEn = {
  access: {
    matrix: {
      counter:
        'Front counter: View looks cards and vouchers up by their code (Scan); Update stamps cards, redeems vouchers and voids a stamping of the last 30 minutes; Add issues member cards and vouchers. The other rows configure: they do not run the counter.',
    },
  },
};

/** The members list (src/pages/members/MembersList.tsx). */
export const membersHintEn = {
  memberPages: {
    list: {
      pick_company:
        "Level, stamps, visits and last visit are a company's: pick a company to see them and sort by them.",
    },
  },
};
