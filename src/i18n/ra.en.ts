// react-admin's own notices in the product's voice (merged over ra-language-english): a save says
// what happened to the user's row, not to an "element".
export const raEn = {
  ra: {
    notification: {
      updated: 'Changes saved |||| %{smart_count} rows saved',
      created: 'Created',
      deleted: 'Deleted |||| %{smart_count} rows deleted',
      item_doesnt_exist: 'This row no longer exists',
      http_error: 'The server could not be reached. Try again in a moment.',
    },
    message: {
      invalid_form: 'Some fields need attention: see the marked fields',
    },
  },
};
