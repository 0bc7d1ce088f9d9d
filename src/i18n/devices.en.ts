// English messages of the device page (src/pages/devices/DeviceShow.tsx: a device's lifecycle and its
// operations, the secret shown once after Register) and of the store's "Stamping PIN" panel
// (src/pages/devices/StorePinPanel.tsx). The confirm question and the Hint / Error notices are the
// shared common.confirm.* with these actions and items.
export const devicesEn = {
  devicePages: {
    back_to_list: 'Devices',
    lifecycle: 'Lifecycle',
    no_name: 'No name yet',
    field: {
      lifecycle: 'Lifecycle',
      state: 'State',
      storeId: 'Store',
      id: 'ID',
      'Idempotency-Key': 'Request key',
    },
    /** the buttons */
    buttons: {
      register: 'Register',
      registerFailed: 'Registration failed',
      deliver: 'Deliver',
      activate: 'Activate',
      spoil: 'Spoil',
      deregister: 'Deregister',
    },
    /** the spec's {action} of 'Confirm to {action} - {item}?' and of the Hint / Error notices */
    /** what comes next, by lifecycle, for those who move devices */
    next: {
      APPROVED: 'Register the device to create the secret it signs in with.',
      REGISTERED: 'Deliver the device once it has been handed over to the store.',
      REGISTER_FAILED: 'The last registration failed. Register the device again to create a new secret.',
      DELIVERED: 'Activate the device in its store, or spoil it if it arrived damaged.',
      ACTIVE: 'The device stamps at its store. Deregister it when it leaves service.',
      SPOILT: 'This device was spoilt. Its lifecycle has ended.',
      DEREGISTERED: 'This device was deregistered. Its lifecycle has ended.',
    },
    merchant_waiting:
      'An operator registers, delivers and activates this device; then it stamps at its store.',
    activate_needs_store: 'Set the device’s store (Edit) before activating it.',
    refused: 'The server refused this',
    secret: {
      title: 'Secret of device %{serial}',
      warning:
        'Copy this secret now. It is shown only this once and will never be shown again: not here, not to anyone.',
      how: 'Enter it on the device together with its serial number %{serial} to sign it in.',
      label: 'Device secret',
      copy: 'Copy',
      copied: 'Copied to the clipboard',
      copy_failed: 'Could not copy: select the secret and copy it by hand',
      close: 'Close',
    },
  },
  storePin: {
    title: 'Stamping PIN',
    intro:
      'Staff type the store’s PIN on a member’s phone to confirm a stamping. It is kept scrambled and never shown, not even here.',
    status: 'PIN',
    set: 'PIN set',
    not_set: 'No PIN',
    not_set_help: 'Until a PIN is set, stamping needs a signed-in till or device.',
    set_at: 'Set on',
    lock: 'PIN stamping',
    not_locked: 'Not locked',
    locked: 'Locked',
    locked_until: 'Locked until %{until} after too many wrong PINs. Setting a new PIN ends the lock at once.',
    set_button: 'Set PIN',
    reset_button: 'Reset PIN',
    loading: 'Loading the PIN settings',
    load_failed: 'The PIN settings could not be loaded.',
    denied: 'You may not see or change this store’s PIN. Ask an operator or your company’s owner.',
    unavailable:
      'This store’s PIN is not available to you: only operators and merchants of the store’s company may see it.',
    dialog: {
      title_set: 'Set the stamping PIN of %{store}',
      title_reset: 'Reset the stamping PIN of %{store}',
      intro: 'Choose %{min} to %{max} digits. The PIN is not shown again after you save it.',
      reset_intro:
        'The new PIN replaces the old one at once: tell the staff of this store. The old PIN stops working.',
      pin: 'New PIN',
      pin_help: '%{min} to %{max} digits',
      repeat: 'Repeat the PIN',
      repeat_help: 'Type the same digits once more',
      submit: 'Save PIN',
    },
    /** the spec's {action} of 'Confirm to {action} - {item}?' */
    actions: {
      set: 'Set PIN',
      reset: 'Reset PIN',
    },
    validation: {
      required: 'Enter the PIN',
      digits_only: 'The PIN is digits only (0-9)',
      too_short: 'The PIN needs at least %{min} digits',
      too_long: 'The PIN has at most %{max} digits',
      repeat_required: 'Type the PIN once more',
      mismatch: 'The two PINs do not match',
    },
  },
};
