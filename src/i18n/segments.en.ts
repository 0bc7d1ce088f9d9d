// English messages of the segment screens (src/pages/segments/, issue 25): the filter editor's rows
// (field, operator, value) and the live reach. The field names are the members list's filters
// (contract/members.ts MEMBER_FILTER_FIELDS); the segment's own fields are resources.segments.*.
export const segmentsEn = {
  segmentPages: {
    fields: {
      mobile: 'Mobile',
      name: 'Name',
      levelId: 'Level',
      brandId: 'Brand (holds its card or voucher)',
      storeId: 'Store (visited or got a card there)',
      lastVisitAt: 'Last visit',
      daysSinceLastVisit: 'Days since the last visit',
      firstVisitAt: 'First visit',
      stampsInWindow: 'Stamps in the window',
      visitsInWindow: 'Visits in the window',
      hasAvailableVoucher: 'Holds an available voucher',
      createTime: 'Member since',
    },
    ops: {
      eq: 'is',
      in: 'is one of',
      gte: 'at least',
      lte: 'at most',
      regex: 'matches',
      day_gte: 'on or after',
      day_lte: 'on or before',
    },
    editor: {
      condition: 'Condition %{n}',
      field: 'Field',
      op: 'Operator',
      value: 'Value',
      yes: 'Yes',
      no: 'No',
      add: 'Add condition',
      remove: 'Remove condition %{n}',
      none: 'No conditions: every member of the company is in it.',
      all_of: 'A member is in the segment when they meet every condition.',
      incomplete_row: 'Choose a value, or remove this condition',
      incomplete: 'Complete or remove each condition',
      no_options: 'None yet',
      text_help: {
        in: 'Several, separated by commas',
        regex: 'A pattern, e.g. ^\\+65 for Singapore numbers',
      },
    },
    reach: {
      title: 'Reach',
      members: 'Reaches %{count} member |||| Reaches %{count} members',
      none: 'No member meets these conditions now.',
      counting: 'Counting the members it reaches',
      incomplete: 'Complete each condition to see how many members it reaches',
      company: 'Choose a company to see how many members it reaches',
      failed: 'The reach could not be counted:',
      help: 'Counted now. A push to the segment goes to its members when the push is sent.',
    },
    show: {
      conditions: 'Who is in it',
      everyone: 'Every member',
      sentence: '%{field} %{op} %{value}',
      list_separator: ', ',
      subject: {
        brandId: 'Brand',
        storeId: 'Store',
      },
      boolean: {
        hasAvailableVoucher: {
          yes: 'Holds an available voucher',
          no: 'Holds no available voucher',
        },
      },
      missing: {
        levelId: 'a level no longer there',
        brandId: 'a brand no longer there',
        storeId: 'a store no longer there',
      },
      unknown: 'A condition this portal cannot show',
      back_to_list: 'Segments',
      send_push: 'Send a push to this segment',
    },
  },
};
