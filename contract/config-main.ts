// Main config (spec section 3 "Main config"): one row per country, read and written at
// `{main}/config/main` (docs/api.md). The wire shape, shared by the server's table, the portal's
// screen (src/pages/config/MainConfigPanel.tsx) and the mocks.

/** One banner of a country's app home: an image, where a tap leads, a title. */
export interface BannerItem {
  imageUrl: string;
  linkUrl?: string;
  title?: string;
}

/** A country's main config as the API answers it. */
export interface MainConfig {
  id: number;
  /** lower-case ISO code as sent in X-Country, e.g. sg */
  country: string;
  currency: string;
  banner: BannerItem[];
  /** images a new stamp card programme offers by default */
  stampCardDefaultImages: string[];
  /** a new programme's default price, in the country's currency */
  stampCardDefaultPrice: number;
}
