// English messages of the campaign screens (src/pages/campaigns/, issue 43): the form by kind with its
// live preview, and a campaign's page with what it does in words, its budget and its results against
// the holdout share. Registered when those screens load (src/i18n/lateMessages.ts); `campaignPages.*`.
export const campaignsEn = {
  campaignPages: {
    kinds: {
      MULTIPLIER: {
        title: 'Multiplier',
        body: 'Stampings of a programme give several times their stamps, on the days, hours and stores you choose.',
      },
      BONUS: {
        title: 'Bonus stamps',
        body: "Extra stamps on the member's first stamping of the day, or for a receipt above an amount.",
      },
      WELCOME: {
        title: 'Welcome',
        body: 'A voucher for each member new to your company, when their first card is issued.',
      },
      WIN_BACK: {
        title: 'Win back',
        body: 'A voucher (and your message) for the members of a segment, such as those not seen for 30 days.',
      },
      BIRTHDAY: { title: 'Birthday', body: "A voucher on each member's birthday, once a year." },
      REFERRAL: { title: 'Referral', body: 'A voucher for a member and for the friend they bring.' },
    },
    form: {
      kind: 'What it does',
      when: 'When and where',
      reward: 'What it gives',
      limits: 'Budget and limits',
      days: 'Days',
      every_day: 'Every day',
      stores: 'Stores',
      stores_help: 'Empty: every store',
      holdout_help:
        '%{percent}% of its audience gets nothing, so its page can compare them with the members it rewarded.',
      kind_locked: 'What a campaign does cannot change once it has run.',
    },
    preview: {
      title: 'Preview',
      help: 'Worked out from your data as it is now; nothing is saved or sent.',
      incomplete: 'Fill in what this campaign needs to see whom it reaches.',
      counting: 'Counting…',
      failed: 'The preview could not be worked out:',
      company: 'Choose the company first.',
      basis: {
        STAMPINGS_LAST_30_DAYS:
          'In the last 30 days, %{stampings} stampings by %{members} members fell in its window.',
        MEMBERS_NOW: '%{members} members are in the segment now.',
        NEW_MEMBERS_LAST_30_DAYS: '%{members} members joined in the last 30 days: about as many a month.',
        BIRTHDAYS_NEXT_30_DAYS: '%{members} members have their birthday in the next 30 days.',
      },
      held_out: 'About %{held} of them would be held out to compare.',
      stamps: 'It would have added %{rewards} stamps',
      stamps_value: 'It would have added %{rewards} stamps: about %{value} in reward vouchers.',
      vouchers: 'It would give %{rewards} vouchers worth %{value}; your wallet pays %{charge}.',
    },
    summary: {
      MULTIPLIER: 'Stamps count %{multiplier} times on %{programme}',
      BONUS_FIRST_VISIT_OF_DAY:
        "%{smart_count} extra stamp on a member's first stamping of the day on %{programme} |||| %{smart_count} extra stamps on a member's first stamping of the day on %{programme}",
      BONUS_RECEIPT_OVER:
        '%{smart_count} extra stamp for a receipt of %{amount} or more on %{programme} |||| %{smart_count} extra stamps for a receipt of %{amount} or more on %{programme}',
      WELCOME: 'A “%{pack}” voucher for each member new to your company',
      WIN_BACK: 'A “%{pack}” voucher for the members of “%{segment}”, at most once every %{days} days',
      BIRTHDAY: 'A “%{pack}” voucher on each member’s birthday',
      REFERRAL: 'A “%{pack}” voucher for a member and the friend they bring',
      days: 'on %{days}',
      hours: 'from %{from}:00 to %{to}:00',
      stores: 'at %{smart_count} store |||| at %{smart_count} stores',
    },
    show: {
      back_to_list: 'All campaigns',
      what: 'What it does',
      runs: 'Runs',
      from_until: '%{from} to %{until}',
      from_on: 'From %{from}, until it is ended',
      budget: 'Budget',
      no_budget: 'No limit',
      given_of: '%{given} of %{budget}',
      money_of: '%{spent} of %{budget}',
      given: 'Given',
      spent: 'Value given',
      ended_because: 'Ended: %{reason}',
      results: 'Did it pay?',
      results_failed: 'The results could not be loaded.',
      group: 'Members',
      rewarded: 'Rewarded',
      held_out: 'Held out',
      members: 'Members',
      visits: 'Visits per member',
      redemptions: 'Redemptions per member',
      no_holdout:
        'No member was held out, so there is nothing to compare against. Set a holdout share to see whether it pays.',
      lift_visits_up: 'Rewarded members visited %{percent}% more than held-out members.',
      lift_visits_down: 'Rewarded members visited %{percent}% less than held-out members.',
      lift_redemptions_up: 'They redeemed %{percent}% more vouchers.',
      lift_redemptions_down: 'They redeemed %{percent}% fewer vouchers.',
      lift_none: 'Too early to compare: the groups have no visits yet.',
      failed_rewards:
        '%{smart_count} reward could not be given |||| %{smart_count} rewards could not be given',
      rewards: 'Rewards',
      no_rewards: 'No reward given yet',
    },
  },
};
