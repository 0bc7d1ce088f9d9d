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

/** A company's page for operators (src/pages/organisation/CompanyShow.tsx). */
export const companyClosureEn = {
  organisation: {
    companyWallet: {
      title: 'Wallet',
      balance: 'Balance',
      movements: 'Ledger movements',
      last_movement: 'Last movement',
      none: 'None yet',
      failed: 'The wallet could not be read just now.',
      closed_DISABLED:
        'This company is disabled: its users cannot sign in, and its API keys, devices, web cards and sign-up posters do not work; its webhooks and scheduled exports wait. Nothing was removed and its money stays here: enable it to restore all of it.',
      closed_DELETE:
        'This company is deleted: nothing acts for it any more. Its rows and its wallet ledger are kept for the record.',
    },
  },
};

/** Turning two-factor on (src/pages/settings/TwoFactorSection.tsx): the other sessions. */
export const twoFactorOthersEn = {
  pages: {
    two_factor: {
      others:
        'You are also signed in on %{smart_count} other session, with your password alone. End it, so that every sign-in needs your code? |||| You are also signed in on %{smart_count} other sessions, with your password alone. End them, so that every sign-in needs your code?',
      end_others: 'End other sessions',
      keep_others: 'Keep them',
      others_ended: '%{smart_count} session ended |||| %{smart_count} sessions ended',
    },
  },
};
