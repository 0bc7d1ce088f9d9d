// English words of the counter's staff screens that load with them, never with the portal (src/i18n/
// lateMessages.ts): the scanner, the web card dialog and the store poster. A module of their own, so
// the first load (which needs only the app bar's Scan button, ./scan.en.ts) does not carry them.

/** The scanner's own words (src/pages/scan/ScanPage.tsx), registered when it loads (src/i18n/lateMessages.ts). */
export const scanScreenEn = {
  scanPages: {
    title: 'Scan at the counter',
    hint: 'Hold the member’s QR code in the frame, or type the code under the camera.',
    loading: 'Looking the code up…',
    unknown: 'No card or voucher has the code %{code}. Check the code and try again.',
    next: 'Scan next',
    camera: {
      label: 'Camera',
      starting: 'Opening the camera…',
      on: 'Reading…',
      paused: 'Camera paused',
      denied:
        'The camera is not allowed in this browser. Type the code below, or allow the camera and try again.',
      absent: 'No camera was found on this device. Type the code below.',
      failed: 'The camera could not be opened. Type the code below.',
      retry: 'Try again',
    },
    typed: {
      form: 'Type a code',
      label: 'Or type the code',
      help: 'Letters and digits; spaces and lower case are fine',
      invalid: 'A code has letters and digits only',
      find: 'Find',
    },
    store: {
      label: 'Counter store',
      pick: 'Pick the store of this counter: stamps and redemptions go to it',
      kept: 'This browser remembers it',
      at: 'Stamping and redeeming at %{store}',
      at_yours: 'Stamping and redeeming at your store',
      card_store: 'Stamps go to the store that issued the card',
    },
    card: {
      found: 'Member card found',
      kind: 'Member card',
      more: 'More options',
      open: 'Open card',
      recent: 'This card was stamped %{ago}. Stamp it again only for a new purchase.',
    },
    receipt: {
      open: 'Stamp from receipt',
      title: 'Stamp from a receipt',
      intro: 'Scan the QR code on the receipt, or type what it says. A receipt stamps once.',
      label: 'Receipt QR code',
      read: 'Read',
      invalid: 'This is not a receipt QR code',
      store: 'Store',
      number: 'Receipt number',
      amount: 'Amount',
      stamp: 'Stamp 1',
      action: 'Stamp from receipt',
      other: 'Another receipt',
    },
    voucher: {
      found: 'Voucher found',
      kind: 'Voucher',
      valid: 'Valid %{range}',
      open: 'Open voucher',
      redeemed: 'Redeemed %{when}',
      redeemed_at: 'Redeemed %{when} at %{store}',
      another_store: 'another store',
    },
  },
};

/** The web card dialog's words (src/pages/webCard/), registered when it loads (src/i18n/lateMessages.ts). */
export const webCardEn = {
  webCard: {
    open: 'Web card',
    title: 'Web card of %{item}',
    intro: 'The member scans this code to open their card on their phone.',
    qr_label: 'QR code of the web card',
    url: 'Link',
    copy: 'Copy',
    copied: 'Link copied',
    copy_failed: 'The link could not be copied: select it and copy it by hand',
    send: 'Send to member',
    sent_sms: 'Sent by SMS',
    sent_push: 'Sent by push',
    send_failed: 'The link was not sent',
    revoke: 'Revoke link',
    close: 'Close',
    loading: 'Loading the link…',
  },
};

/** A store poster's words (src/pages/organisation/StorePoster.tsx), registered when it loads. */
export const posterEn = {
  posterPages: {
    title: 'Store poster',
    panel_title: 'Sign-up poster',
    panel_intro: 'A poster for the counter: customers scan it to join a stamp card programme.',
    print_poster: 'Print poster',
    pick_title: 'Which programme?',
    programmes: 'Active programmes',
    no_programmes: 'The brand has no active stamp card programme.',
    stamps_required: '%{stamps} stamps',
    loading: 'Loading…',
    back: 'Back to the store',
    print: 'Print',
    no_store: 'Open a store and choose "Print poster" there.',
    not_found: 'This store or programme was not found.',
    wrong_programme: 'This programme is not an active programme of the store’s brand.',
    collect: 'Collect %{stamps} stamps for a reward',
    reward: 'Collect %{stamps} stamps, get %{reward}',
    qr_label: 'QR code of the sign-up page',
    scan_to_join: 'Scan to join',
    how: 'Open your phone’s camera, scan the code and enter your mobile number.',
  },
};
