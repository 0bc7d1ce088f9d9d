// The demo data set as data: the rows the steps write (./*.ts), every time in days from "now", so two
// seeded databases look alike. Nothing here touches a database.
import type { PermissionAction, SignupState } from '../../contract/enums';

/** The company whose registration number marks a database as already seeded. */
export const DEMO_MARKER_REGISTRATION_NO = '201912345K';

export interface StoreSeed {
  name: string;
  code: string;
  address: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  phone: string;
  openingHours: string;
  state?: 'ACTIVE' | 'DISABLED';
}

export interface ProductSeed {
  name: string;
  sku: string;
  category: string;
  price: number;
  stampsEarned: number;
}

export interface PackSeed {
  title: string;
  description: string;
  price: number;
  voucherValue: number;
  quantity: number;
  giftable: boolean;
  /** how the pack ends up: disabled or (soft) deleted packs show those states */
  end?: 'DISABLED' | 'DELETE';
}

export interface CardSeed {
  title: string;
  description: string;
  stampsRequired: number;
  price: number;
  /** index into the brand's packs: the reward */
  rewardPack: number;
  /** days from now; negative: started in the past */
  startInDays: number;
  lengthDays: number;
  /** cards that may be issued; absent: unlimited */
  quantity?: number;
  /** a programme disabled once its run was over */
  end?: 'DISABLED';
}

export interface BrandSeed {
  name: string;
  industry: string;
  description: string;
  website: string;
  contactEmail: string;
  stores: StoreSeed[];
  products: ProductSeed[];
  packs: PackSeed[];
  cards: CardSeed[];
  manager?: { email: string; name: string; mobile: string };
}

export interface CompanySeed {
  name: string;
  registrationNo: string;
  address: string;
  contactEmail: string;
  phone: string;
  country: 'sg' | 'my';
  currency: 'SGD' | 'MYR';
  state: 'ACTIVE' | 'SUBMITTED' | 'DISABLED';
  owner: { email: string; name: string; mobile: string; signupState: SignupState };
  /** a colleague the owner invited, in one group with a few permissions (what a limited menu looks like) */
  colleague?: {
    email: string;
    name: string;
    mobile: string;
    /** the code of the store they were invited into: their scans stamp and redeem there */
    store?: string;
    group: {
      name: string;
      description: string;
      permissions: { resource: string; action: PermissionAction }[];
    };
  };
  brands: BrandSeed[];
  /** what the owner tops up (FREE) when the company is created */
  wallet: { balance: number };
  templates: { title: string; body: string; deepLink?: string }[];
}

const hours = 'Mon-Fri 07:30-21:00, Sat-Sun 08:00-22:00';

export const COMPANIES: CompanySeed[] = [
  {
    name: 'Harbour Kopi Pte Ltd',
    registrationNo: DEMO_MARKER_REGISTRATION_NO,
    address: '1 Tanjong Pagar Plaza, #02-10, Singapore 082001',
    contactEmail: 'hello@harbour-kopi.example',
    phone: '+6562201001',
    country: 'sg',
    currency: 'SGD',
    state: 'ACTIVE',
    owner: {
      email: 'owner@harbour-kopi.example',
      name: 'Tan Wei Ming',
      mobile: '+6591230001',
      signupState: 'APPROVAL',
    },
    colleague: {
      email: 'counter@harbour-kopi.example',
      name: 'Nur Aisyah',
      mobile: '+6591230009',
      store: 'HK-TP',
      group: {
        name: 'Front counter',
        description: 'Scans, stamps cards and redeems vouchers for customers at the counter',
        // the counter's rights and the tables it reads, nothing that configures (issue 40 item 1)
        permissions: [
          { resource: 'counter', action: 'VIEW' },
          { resource: 'counter', action: 'UPDATE' },
          { resource: 'counter', action: 'ADD' },
          { resource: 'stampCard', action: 'VIEW' },
          { resource: 'stampsTransaction', action: 'VIEW' },
          { resource: 'vouchers', action: 'VIEW' },
          { resource: 'voucherPacks', action: 'VIEW' },
        ],
      },
    },
    wallet: { balance: 1250.5 },
    templates: [
      {
        title: 'Your free kopi is waiting',
        body: 'You have a reward on your Kopi Lover card. Show it at any Harbour Kopi counter.',
        deepLink: 'https://app.harbour-kopi.example/rewards',
      },
      { title: 'New: Gula Melaka Latte', body: 'Try our new Gula Melaka Latte this week, double stamps!' },
      { title: 'We miss you', body: 'It has been a while. Here is 1 bonus stamp on your next visit.' },
    ],
    brands: [
      {
        name: 'Harbour Kopi',
        industry: 'FNB',
        description: 'Traditional kopi and kaya toast, brewed the harbour way since 1968.',
        website: 'https://harbour-kopi.example',
        contactEmail: 'kopi@harbour-kopi.example',
        stores: [
          {
            name: 'Harbour Kopi Tanjong Pagar',
            code: 'HK-TP',
            address: '1 Tanjong Pagar Plaza, #01-12',
            postalCode: '082001',
            latitude: 1.2765,
            longitude: 103.8435,
            phone: '+6562201011',
            openingHours: hours,
          },
          {
            name: 'Harbour Kopi Raffles Place',
            code: 'HK-RP',
            address: '20 Raffles Place, #B1-05',
            postalCode: '048620',
            latitude: 1.2839,
            longitude: 103.8515,
            phone: '+6562201012',
            openingHours: 'Mon-Fri 07:00-19:00',
          },
          {
            name: 'Harbour Kopi Holland Village',
            code: 'HK-HV',
            address: '16 Lorong Mambong',
            postalCode: '277682',
            latitude: 1.3114,
            longitude: 103.7961,
            phone: '+6562201013',
            openingHours: hours,
            state: 'DISABLED',
          },
        ],
        products: [
          { name: 'Kopi O', sku: 'HK-KOPI-O', category: 'Coffee', price: 1.8, stampsEarned: 1 },
          { name: 'Kopi C Siew Dai', sku: 'HK-KOPI-C', category: 'Coffee', price: 2.0, stampsEarned: 1 },
          { name: 'Teh Tarik', sku: 'HK-TEH-T', category: 'Tea', price: 2.2, stampsEarned: 1 },
          { name: 'Kaya Toast Set', sku: 'HK-KAYA-SET', category: 'Breakfast', price: 5.9, stampsEarned: 2 },
        ],
        packs: [
          {
            title: 'Free Kopi',
            description: 'One free kopi or teh of any kind.',
            price: 0,
            voucherValue: 2.2,
            quantity: 5000,
            giftable: true,
          },
          {
            title: '$3 off Kaya Toast Set',
            description: 'Valid on any breakfast set.',
            price: 0,
            voucherValue: 3,
            quantity: 2000,
            giftable: false,
          },
          {
            title: '10 Kopi Bundle',
            description: 'Ten kopi vouchers for the price of eight.',
            price: 14.4,
            voucherValue: 1.8,
            quantity: 500,
            giftable: true,
            end: 'DISABLED',
          },
        ],
        cards: [
          {
            title: 'Kopi Lover Card',
            description: 'Collect 10 stamps, get a free kopi.',
            stampsRequired: 10,
            price: 0,
            rewardPack: 0,
            startInDays: -90,
            lengthDays: 365,
          },
          {
            title: 'Breakfast Club',
            description: '6 breakfast sets earn $3 off the next one.',
            stampsRequired: 6,
            price: 0,
            rewardPack: 1,
            startInDays: -200,
            lengthDays: 120,
          },
        ],
      },
      {
        name: 'Bao Bros',
        industry: 'FNB',
        description: 'Handmade bao and dim sum.',
        website: 'https://baobros.example',
        contactEmail: 'hi@baobros.example',
        manager: { email: 'manager@baobros.example', name: 'Lim Mei Ling', mobile: '+6591230002' },
        stores: [
          {
            name: 'Bao Bros Chinatown',
            code: 'BB-CT',
            address: '41 Smith Street',
            postalCode: '058956',
            latitude: 1.2823,
            longitude: 103.8443,
            phone: '+6562201021',
            openingHours: 'Daily 10:00-22:00',
          },
          {
            name: 'Bao Bros Bugis',
            code: 'BB-BG',
            address: '200 Victoria Street, #01-44',
            postalCode: '188021',
            latitude: 1.2996,
            longitude: 103.8547,
            phone: '+6562201022',
            openingHours: 'Daily 11:00-21:30',
          },
        ],
        products: [
          { name: 'Char Siew Bao (3 pcs)', sku: 'BB-CSB-3', category: 'Bao', price: 4.5, stampsEarned: 1 },
          { name: 'Lotus Paste Bao (3 pcs)', sku: 'BB-LPB-3', category: 'Bao', price: 4.2, stampsEarned: 1 },
          { name: 'Siew Mai Basket', sku: 'BB-SM', category: 'Dim sum', price: 5.8, stampsEarned: 1 },
        ],
        packs: [
          {
            title: 'Free Char Siew Bao',
            description: 'Three char siew bao on the house.',
            price: 0,
            voucherValue: 4.5,
            quantity: 1000,
            giftable: true,
          },
          {
            title: 'Lunar New Year $5 off',
            description: 'Seasonal promotion, ended.',
            price: 0,
            voucherValue: 5,
            quantity: 300,
            giftable: false,
            end: 'DELETE',
          },
        ],
        cards: [
          {
            title: 'Bao Bros Loyalty',
            description: '8 stamps for free bao.',
            stampsRequired: 8,
            price: 0,
            rewardPack: 0,
            startInDays: -60,
            lengthDays: 300,
          },
        ],
      },
    ],
  },
  {
    name: 'Glow Beauty Group Pte Ltd',
    registrationNo: '201788812W',
    address: '391 Orchard Road, #12-01, Singapore 238872',
    contactEmail: 'contact@glow-beauty.example',
    phone: '+6562202001',
    country: 'sg',
    currency: 'SGD',
    state: 'ACTIVE',
    owner: {
      email: 'owner@glow-beauty.example',
      name: 'Priya Nair',
      mobile: '+6591230003',
      signupState: 'APPROVAL',
    },
    wallet: { balance: 320 },
    templates: [
      { title: 'Your facial reward is ready', body: 'Book your complimentary express facial today.' },
      { title: 'Members-only week', body: '20% off all treatments for Glow members this week.' },
    ],
    brands: [
      {
        name: 'Glow Skin Lab',
        industry: 'BEAUTY',
        description: 'Skin care treatments and products.',
        website: 'https://glowskinlab.example',
        contactEmail: 'book@glowskinlab.example',
        stores: [
          {
            name: 'Glow Skin Lab Orchard',
            code: 'GS-OR',
            address: '391 Orchard Road, #04-20',
            postalCode: '238872',
            latitude: 1.3024,
            longitude: 103.8342,
            phone: '+6562202011',
            openingHours: 'Daily 10:00-21:00',
          },
          {
            name: 'Glow Skin Lab Tampines',
            code: 'GS-TM',
            address: '4 Tampines Central 5, #02-11',
            postalCode: '529510',
            latitude: 1.3526,
            longitude: 103.9447,
            phone: '+6562202012',
            openingHours: 'Daily 11:00-21:00',
          },
        ],
        products: [
          { name: 'Express Facial', sku: 'GS-FAC-30', category: 'Treatment', price: 68, stampsEarned: 1 },
          { name: 'Hydrating Serum 30 ml', sku: 'GS-SER-30', category: 'Retail', price: 45, stampsEarned: 1 },
        ],
        packs: [
          {
            title: 'Complimentary Express Facial',
            description: 'One 30-minute express facial.',
            price: 0,
            voucherValue: 68,
            quantity: 200,
            giftable: false,
          },
          {
            title: '$10 off Retail',
            description: 'On any retail purchase above $50.',
            price: 0,
            voucherValue: 10,
            quantity: 1000,
            giftable: true,
          },
        ],
        cards: [
          {
            title: 'Glow Facial Card',
            description: '5 treatments earn a complimentary express facial.',
            stampsRequired: 5,
            price: 0,
            rewardPack: 0,
            startInDays: -120,
            lengthDays: 365,
          },
          {
            title: 'Summer Glow 2025',
            description: 'Summer promotion card.',
            stampsRequired: 4,
            price: 0,
            rewardPack: 1,
            startInDays: -400,
            lengthDays: 90,
            end: 'DISABLED',
          },
        ],
      },
    ],
  },
  {
    name: 'FitLab Holdings Sdn Bhd',
    registrationNo: '202001034567',
    address: 'Level 8, Menara Binjai, 2 Jalan Binjai, 50450 Kuala Lumpur',
    contactEmail: 'admin@fitlab.example',
    phone: '+60321610001',
    country: 'my',
    currency: 'MYR',
    state: 'ACTIVE',
    owner: {
      email: 'owner@fitlab.example',
      name: 'Ahmad Faizal',
      mobile: '+60123450001',
      signupState: 'APPROVAL',
    },
    wallet: { balance: 0 },
    templates: [{ title: 'Class reminder', body: 'Your HIIT class starts in 2 hours. See you there!' }],
    brands: [
      {
        name: 'FitLab',
        industry: 'FITNESS',
        description: 'Boutique HIIT and strength studios.',
        website: 'https://fitlab.example',
        contactEmail: 'studio@fitlab.example',
        stores: [
          {
            name: 'FitLab KLCC',
            code: 'FL-KLCC',
            address: 'Lot 2.01, Avenue K, 156 Jalan Ampang',
            postalCode: '50450',
            latitude: 3.1593,
            longitude: 101.7123,
            phone: '+60321610011',
            openingHours: 'Mon-Sat 06:30-22:00',
          },
          {
            name: 'FitLab Bangsar',
            code: 'FL-BSR',
            address: '12 Jalan Telawi 3, Bangsar Baru',
            postalCode: '59100',
            latitude: 3.1322,
            longitude: 101.6712,
            phone: '+60321610012',
            openingHours: 'Mon-Sun 07:00-21:00',
          },
        ],
        products: [
          { name: 'Single Class', sku: 'FL-CLASS-1', category: 'Class', price: 45, stampsEarned: 1 },
          { name: '10-Class Pass', sku: 'FL-CLASS-10', category: 'Class', price: 400, stampsEarned: 10 },
        ],
        packs: [
          {
            title: 'Free Class',
            description: 'One free class at any FitLab studio.',
            price: 0,
            voucherValue: 45,
            quantity: 500,
            giftable: true,
          },
        ],
        cards: [
          {
            title: 'FitLab 10 Classes',
            description: 'Attend 10 classes, get one free.',
            stampsRequired: 10,
            price: 0,
            rewardPack: 0,
            startInDays: -30,
            lengthDays: 365,
          },
        ],
      },
    ],
  },
  {
    // signed up, waiting for approval: no brands yet
    name: 'Sunrise Bakery Pte Ltd',
    registrationNo: '202412377E',
    address: '88 Joo Chiat Road, Singapore 427382',
    contactEmail: 'bake@sunrise-bakery.example',
    phone: '+6562203001',
    country: 'sg',
    currency: 'SGD',
    state: 'SUBMITTED',
    owner: {
      email: 'owner@sunrise-bakery.example',
      name: 'Grace Wong',
      mobile: '+6591230004',
      signupState: 'SUBMITTED',
    },
    wallet: { balance: 0 },
    templates: [],
    brands: [],
  },
];

export const OPERATOR = {
  email: 'operator@loyalty-demo.example',
  name: 'Demo Operator',
  mobile: '+6591230099',
};

export const COUNTRIES = [
  {
    country: 'sg',
    name: 'Singapore',
    currency: 'SGD',
    timezone: 'Asia/Singapore',
    callingCode: '+65',
    enabled: true,
    freeTopUp: true,
  },
  {
    country: 'my',
    name: 'Malaysia',
    currency: 'MYR',
    timezone: 'Asia/Kuala_Lumpur',
    callingCode: '+60',
    enabled: true,
  },
  {
    country: 'hk',
    name: 'Hong Kong',
    currency: 'HKD',
    timezone: 'Asia/Hong_Kong',
    callingCode: '+852',
    enabled: false,
  },
];

export const INDUSTRIES = [
  { code: 'FNB', name: 'Food & Beverage', sortOrder: 10 },
  { code: 'RETAIL', name: 'Retail', sortOrder: 20 },
  { code: 'BEAUTY', name: 'Beauty & Wellness', sortOrder: 30 },
  { code: 'FITNESS', name: 'Fitness', sortOrder: 40 },
  { code: 'SERVICES', name: 'Services', sortOrder: 90, state: 'DISABLED' as const },
];

/** The stamping PIN of each demo brand's first store (staff type it into a member's phone). */
export const DEMO_STORE_PIN = '2468';

export const MEMBERS = Array.from(
  { length: 24 },
  (_, i) => `+659${String(8_100_000 + i * 137).padStart(7, '0')}`,
);

/** The demo members' names, one per MEMBERS entry (what the app would have asked them). */
export const MEMBER_NAMES = [
  'Aisha Binte Rahman',
  'Benjamin Lim',
  'Chloe Tan',
  'Daniel Wong',
  'Elaine Ng',
  'Farid Hassan',
  'Grace Lee',
  'Hafiz Ismail',
  'Isabel Chua',
  'Jun Wei Ong',
  'Kavitha Pillai',
  'Lucas Teo',
  'Mei Ling Goh',
  'Nurul Huda',
  'Oliver Koh',
  'Priya Menon',
  'Qi Hui Lau',
  'Rajesh Kumar',
  'Sarah Yeo',
  'Timothy Chan',
  'Umairah Salleh',
  'Vincent Ho',
  'Wen Jie Sim',
  'Xin Yi Low',
] as const;

// ---- product-wide configuration ---------------------------------------------------------------

export const FORCE_UPDATES = [
  {
    platform: 'IOS',
    minVersion: '3.2.0',
    latestVersion: '3.6.1',
    storeUrl: 'https://apps.apple.com/app/id0000000000',
    message: 'A new version with faster stamping is available.',
    force: false,
  },
  {
    platform: 'ANDROID',
    minVersion: '3.4.0',
    latestVersion: '3.6.1',
    storeUrl: 'https://play.google.com/store/apps/details?id=example.loyalty',
    message: 'This version is no longer supported. Please update to keep collecting stamps.',
    force: true,
  },
];

/** Maintenance windows: one past, one upcoming in Malaysia (none on now, so the demo shows no banner). */
export const MAINTENANCE_WINDOWS: {
  startDaysAgo: number;
  hours: number;
  message: string;
  country?: string;
  enabled: boolean;
}[] = [
  {
    startDaysAgo: 12,
    hours: 2,
    message: 'Stamping is paused for two hours while we upgrade the stamp service.',
    enabled: true,
  },
  {
    startDaysAgo: -6,
    hours: 1,
    message: 'Malaysian wallets move to a new payment provider; top-ups wait an hour.',
    country: 'my',
    enabled: true,
  },
];

/** The member app's home banner and a new stamp card's defaults, per country (System Config > Countries). */
export const MAIN_CONFIGS = [
  {
    country: 'sg',
    currency: 'SGD',
    price: 0,
    banner: ['Collect stamps, get rewarded', 'Double stamps weekend'],
  },
  { country: 'my', currency: 'MYR', price: 0, banner: ['FitLab Bangsar now open'] },
];

/** The product's settings (System Config > Settings): the Help page's support contact. */
export const SYSTEM_CONFIG: { key: string; value: string; description?: string }[] = [
  { key: 'supportEmail', value: 'support@loyalty-demo.example' },
  { key: 'supportPhone', value: '+65 6220 1000' },
  {
    key: 'supportHours',
    value: 'Mon-Fri 9:00-18:00 (Singapore time)',
    description: 'Shown beside the phone number',
  },
];

/** Banners in days from now; one that has ended is disabled. */
export const BANNERS: {
  title: string;
  country: string;
  sortOrder: number;
  startDaysAgo: number;
  endDaysAgo: number | null;
}[] = [
  { title: 'Double stamps weekend', country: 'sg', sortOrder: 10, startDaysAgo: 3, endDaysAgo: -4 },
  { title: 'New: Glow Skin Lab Tampines', country: 'sg', sortOrder: 20, startDaysAgo: 10, endDaysAgo: -20 },
  { title: 'FitLab Bangsar now open', country: 'my', sortOrder: 10, startDaysAgo: 5, endDaysAgo: null },
  { title: 'Lunar New Year specials', country: 'sg', sortOrder: 30, startDaysAgo: 300, endDaysAgo: 280 },
];

export const BANNER_LINK = 'https://loyalty-demo.example/promotions';

// ---- the states every table shows -------------------------------------------------------------

/** One push in every state per company that has templates. */
export const PUSH_STATES = ['PENDING', 'SCHEDULED', 'COMPLETED', 'FAILED'] as const;

/** A brand's vouchers per pack, in these states (one more, voided or donated, after them). */
export const VOUCHER_STATES = ['AVAILABLE', 'AVAILABLE', 'REDEEMED', 'REDEEMED', 'EXPIRED'] as const;

export type DemoLifecycle =
  | 'APPROVED'
  | 'REGISTERED'
  | 'REGISTER_FAILED'
  | 'DELIVERED'
  | 'ACTIVE'
  | 'SPOILT'
  | 'DEREGISTERED';

/** The second counter of each store takes the next of these, so every lifecycle shows. */
export const DEVICE_SPREAD: readonly DemoLifecycle[] = [
  'APPROVED',
  'REGISTERED',
  'REGISTER_FAILED',
  'DELIVERED',
  'SPOILT',
  'DEREGISTERED',
];

// ---- merchant signups beyond the companies' own ------------------------------------------------

/** The brand the pending ADD_BRAND request asks for (added SUBMITTED to the marker company). */
export const REQUESTED_BRAND = 'Harbour Kopi Express';
/** The store the approved ADD_STORE request added. */
export const REQUESTED_STORE = 'Bao Bros Bugis';

/**
 * A rejected signup and requests to add a brand and a store. `decided`: decided by the demo
 * operator that many days ago; `forRequested`: the marker company's, naming the requested brand or
 * store.
 */
export const EXTRA_SIGNUPS: {
  row: Record<string, unknown>;
  createdDaysAgo: number;
  decidedDaysAgo?: number;
  forRequested?: 'brand' | 'store';
}[] = [
  {
    row: {
      requestKind: 'MERCHANT_SIGNUP',
      approval: 'REJECT',
      companyName: 'Quick Cash Pawnshop',
      registrationNo: '201611111X',
      contactEmail: 'info@quick-cash.example',
      reason: 'Pawnbroking is not a business the loyalty programme serves.',
    },
    decidedDaysAgo: 20,
    createdDaysAgo: 22,
  },
  {
    row: {
      requestKind: 'ADD_BRAND',
      approval: 'PENDING',
      companyName: 'Harbour Kopi Pte Ltd',
      brandName: REQUESTED_BRAND,
      contactEmail: 'owner@harbour-kopi.example',
    },
    forRequested: 'brand',
    createdDaysAgo: 1,
  },
  {
    row: {
      requestKind: 'ADD_STORE',
      approval: 'APPROVED',
      companyName: 'Harbour Kopi Pte Ltd',
      brandName: 'Bao Bros',
      storeName: REQUESTED_STORE,
    },
    forRequested: 'store',
    decidedDaysAgo: 45,
    createdDaysAgo: 47,
  },
];
