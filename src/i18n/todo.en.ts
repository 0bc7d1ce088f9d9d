// English messages of the to-do list (/todo, src/pages/dashboard/TodoPage.tsx) and the operators'
// maintenance banner (src/layout/MaintenanceBanner.tsx).
export const todoEn = {
  todo: {
    intro_operator: 'Everything that waits for an operator, and where each is decided.',
    intro_merchant: 'Your requests waiting for an operator.',
    loading: 'Loading your to-do list…',
    failed: 'The to-do list could not be loaded.',
    all_clear: 'Nothing to do. Every request is decided.',
    open: 'Open',
    items: {
      signups: '%{smart_count} merchant sign-up to approve |||| %{smart_count} merchant sign-ups to approve',
      brand_requests: '%{smart_count} brand request to decide |||| %{smart_count} brand requests to decide',
      store_requests: '%{smart_count} store request to decide |||| %{smart_count} store requests to decide',
      failed_pushes: '%{smart_count} push failed (30 days) |||| %{smart_count} pushes failed (30 days)',
      devices_to_activate: '%{smart_count} device to activate |||| %{smart_count} devices to activate',
      open_signals: '%{smart_count} fraud signal to look at |||| %{smart_count} fraud signals to look at',
    },
    hint: {
      signups: 'Approve or reject them in the Approve List.',
      brand_requests: 'Approve or reject them in the Approve List.',
      store_requests: 'Approve or reject them in the Approve List.',
      failed_pushes: 'Read why they failed and send them again.',
      devices_to_activate: 'Activate them so their store can stamp.',
      open_signals: 'Read what each one saw, check its transactions, and resolve it with a note.',
    },
    hint_merchant: 'An operator decides it; nothing is needed from you meanwhile.',
  },
  maintenance: {
    banner_title: 'Maintenance until %{until}',
    manage: 'Maintenance windows',
  },
};
