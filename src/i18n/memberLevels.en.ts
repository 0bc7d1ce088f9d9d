// English messages of the member levels' screens (src/pages/members/): /aotg and /aotg/config.
export const memberLevelsEn = {
  member_levels: {
    loading: 'Loading member levels',
    pick_company: 'Pick the company whose member levels to see',
    no_company: 'Member levels open once your company is set up (Organization).',
    pick_company_rule: 'Pick the company whose level rule to set',
    setup_link: 'Level setup',
    rule_link: 'Level rule',
    overview_link: 'Member levels overview',
    per_level: 'Members per level',
    members: '1 member |||| %{count} members',
    no_level: 'No level yet',
    no_level_hint: 'below the first threshold',
    no_levels: 'This company has no levels yet: add them under Level setup.',
    default_rule: '(the default rule: none saved yet).',
    moves_title: 'Moves in the last 30 days',
    moves_up: 'moved up a level',
    moves_down: 'moved down a level',
    rule_sentence: {
      STAMPS:
        'Members are ranked by stamps collected in the last day |||| Members are ranked by stamps collected in the last %{smart_count} days',
      VISITS:
        'Members are ranked by visits in the last day |||| Members are ranked by visits in the last %{smart_count} days',
      COMPLETED_CARDS:
        'Members are ranked by stamp cards completed in the last day |||| Members are ranked by stamp cards completed in the last %{smart_count} days',
    },
    threshold: {
      STAMPS: 'from 1 stamp |||| from %{smart_count} stamps',
      VISITS: 'from 1 visit |||| from %{smart_count} visits',
      COMPLETED_CARDS: 'from 1 completed card |||| from %{smart_count} completed cards',
    },
    measure: 'Measure',
    measures: {
      STAMPS: 'Stamps collected',
      VISITS: 'Visits (a store on a day with a stamping or a redemption)',
      COMPLETED_CARDS: 'Stamp cards completed',
    },
    window_days: 'Window (days)',
    window_days_help: 'The measure counts the last this many days (1 to 730)',
    rule_saved_hint: "The company's rule. Saving it recomputes every member's level.",
    rule_default_hint:
      'No rule saved yet: the company follows the default. Saving it recomputes every member’s level.',
    save_rule: 'Save rule',
    rule_done: 'Saved. %{sentence}. Levels are being recomputed.',
  },
};
