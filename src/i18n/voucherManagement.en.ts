// English messages of /VoucherManagement (src/pages/vouchers/VoucherManagementPage.tsx), registered when
// that screen loads (src/i18n/lateMessages.ts); read as `voucherManagement.*`.
export const voucherManagementEn = {
  voucherManagement: {
    intro: 'Your vouchers at a glance: what moved this week, and every pack on sale with what is left of it.',
    issue: 'Issue vouchers',
    new_pack: 'New pack',
    all_vouchers: 'All vouchers',
    history: 'History',
    week_title: 'This week',
    week_failed: "This week's figures could not be loaded.",
    week: { ISSUED: 'Issued', REDEEMED: 'Redeemed', EXPIRED: 'Expired' },
    packs_title: 'Packs on sale',
    packs_failed: 'The packs could not be loaded.',
    no_packs: 'No packs on sale',
    no_packs_body: 'A pack is the offer vouchers are issued from: make one to start.',
    left: '%{left} of %{quantity} left',
    left_label: 'What is left of %{title}',
    no_limit: 'No limit per member',
    per_member: 'At most %{smart_count} per member',
    issue_from: 'Issue',
    open: 'Open',
    col: {
      pack: 'Pack',
      company: 'Company',
      value: 'Value',
      left: 'Left',
      limit: 'Limit',
      window: 'On sale',
      state: 'State',
      actions: 'Actions',
    },
  },
};
