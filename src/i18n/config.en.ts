// English messages of the System Config page (src/pages/config/): its tabs and the main config per
// country. The settings' and industries' own labels are in resources.en.ts.
export const configEn = {
  config: {
    tabs: {
      settings: 'Settings',
      countries: 'Countries',
      industries: 'Industries',
    },
    main: {
      title: 'Main config per country',
      intro:
        "Each country's home banner in the member app, and what a new stamp card starts with: its price and its images.",
      add: 'Add a country',
      add_title: 'Add a country',
      edit: 'Edit',
      edit_title: 'Main config for %{country}',
      empty: 'No country has a main config yet.',
      load_failed: 'The main config could not be loaded.',
      saved: 'Main config saved',
      save_failed: 'The main config was not saved',
      country: 'Country',
      country_help: 'Two lower-case letters, e.g. sg',
      currency: 'Currency',
      currency_help: 'Three capital letters, e.g. SGD',
      banner: 'Home banner',
      image_url: 'Image URL',
      link_url: 'Link URL',
      banner_title: 'Title',
      stamp_card_defaults: 'New stamp cards',
      default_price: 'Default price',
      default_price_help: 'What a new stamp card costs unless the merchant changes it',
      default_images: 'Default images',
      banner_count: '%{smart_count} banner image |||| %{smart_count} banner images',
      image_count: '%{smart_count} default stamp card image |||| %{smart_count} default stamp card images',
      default_price_is: 'New stamp cards cost %{price}',
      no_default_price: 'No default stamp card price',
      bad_url: 'Must be a web address starting with http:// or https://',
      bad_country: 'Two lower-case letters, e.g. sg',
      bad_currency: 'Three capital letters, e.g. SGD',
    },
  },
} as const;
