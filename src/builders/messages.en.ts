// English messages of the generated screens and the /DataTableEditView editor (merged into en.ts).
import { VALIDATION_MESSAGES } from '../../contract/validation';

export const buildersEn = {
  // the server's field errors and the forms' validators name these keys (contract/validation.ts)
  validation: VALIDATION_MESSAGES,
  builders: {
    filter: {
      regex: '%{field} matches',
      gte: '%{field} from',
      lte: '%{field} to',
    },
    json: {
      invalid: 'Must be valid JSON',
      not_list: 'Must be a JSON list: [ … ]',
      not_object: 'Must be a JSON object: { … }',
      help: 'JSON',
      help_list: 'A JSON list, e.g. ["a", "b"]',
      help_object: 'A JSON object, e.g. {"key": "value"}',
    },
    export: {
      failed: 'Export failed',
    },
    schedule: {
      button: 'Schedule',
      title: 'Schedule an export of %{name}',
      intro:
        'The CSV that Export downloads now is e-mailed to the addresses below, with the filters and order the list has now. Each time it runs, it shows what your access allows then.',
      unfiltered: 'Every row',
      filtered: 'Rows matching 1 filter |||| Rows matching %{smart_count} filters',
      sorted: 'sorted by %{sort}',
      ascending: 'ascending',
      descending: 'descending',
      every: 'Send it',
      every_DAY: 'Every day',
      every_WEEK: 'Every week',
      to: 'E-mail addresses',
      to_help: 'Up to %{max} addresses, separated by commas or new lines',
      where: 'You can see and stop your scheduled exports in',
      save: 'Schedule',
      saved: 'The export of %{name} is scheduled: %{every}. The first e-mail goes out within a few minutes.',
      failed: 'Could not schedule the export',
    },
    heading: {
      create: 'New %{name}',
      edit: 'Edit %{name}: %{record}',
    },
    image: {
      preview: 'Picture of %{field}',
      none: 'No picture',
      help: 'Choose a picture file (PNG, JPEG, WebP or GIF, up to 2 MB), or enter its web address',
      from_file: 'A picture from a file',
      choose: 'Choose a picture file',
      remove: 'Remove the picture',
      too_large:
        'This picture file is larger than 2 MB: make it smaller, or enter the web address of the picture',
      wrong_type: 'Choose a PNG, JPEG, WebP or GIF picture',
      upload_failed: 'The picture could not be uploaded',
    },
    rules: {
      order_date: 'Must be on or after %{field}',
      order: 'Must be at least %{field}',
      placeholders: 'Unknown placeholder %{unknown}; use %{known}',
    },
    scope: {
      company_first: 'Choose a company first',
    },
    editor: {
      table: 'Table',
      pick: 'Choose a table to view and edit its rows.',
      back_to_list: 'Back to %{table}',
    },
    user_vouchers: {
      mobile: 'Member mobile',
      help: "The member's mobile number, e.g. +6591234567",
    },
  },
};
