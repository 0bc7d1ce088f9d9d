// English messages of the Scheduled exports page (src/pages/scheduledExports/); the list's Schedule
// dialog's are builders.schedule (src/builders/messages.en.ts).
export const scheduledExportsEn = {
  scheduled_exports: {
    intro:
      "Lists e-mailed as CSV every day or week. Each one sends what its creator's access allows when it runs; it stops by itself when they may no longer export the list. Schedule a new one from a list, beside Export.",
    empty: 'No scheduled exports yet',
    empty_body: 'Open a list, set its filters and order, then choose Schedule beside Export.',
    every_DAY: 'Every day',
    every_WEEK: 'Every week',
    every_row: 'Every row',
    filters: '1 filter |||| %{smart_count} filters',
    next: 'Next',
    never: 'Not sent yet',
    sent: 'Sent %{at}: 1 row |||| Sent %{at}: %{smart_count} rows',
    failed_at: 'Failed %{at}',
    by: 'Scheduled by %{email}',
    stop: 'Stop',
    states: { ACTIVE: 'Active', STOPPED: 'Stopped', FAILED: 'Stopped: failed' },
    columns: {
      list: 'List',
      every: 'How often',
      to: 'Sent to',
      state: 'State',
      next: 'Next run',
      last: 'Last run',
      by: 'Scheduled by',
      actions: 'Actions',
    },
  },
};
