// npm run seed:demo [-- --password P]
// Fills every declared table with a believable demo data set: companies with brands and stores, their
// merchants (ENABLE, signup APPROVAL), stamp cards with transactions and stamp movements, voucher packs
// and vouchers in every state, pushes in every state, devices in every lifecycle state, configs and
// merchant signups. Uses the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR;
// stop the server first with the embedded one: PGlite allows one process per data folder).
// Idempotent: when the demo marker company exists, it changes nothing. The demo users' password is
// printed once (random unless --password is given); it is never logged anywhere else.
//
// Rows people create in the product go through the generic resource service as an operator (the same
// checks as the API: references within the company, choices, unique values); rows only the server
// writes (transactions, movements, histories, wallets, signups) and server-owned fields (counters,
// sent/failed pushes, last-seen times) are written with Drizzle on the derived tables, as the services
// that own them would.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contract/constants';
import type { PermissionAction, SignupState, UserType } from '../contract/enums';
import { devices as deviceTable } from '../resources';
import { pathBetween } from '../resources/transitions';
import type { Db } from '../server/db/client';
import { userGroupMembers, userGroupPermissions, userGroups } from '../server/db/schema/rbac';
import {
  auditLog,
  brand,
  company,
  devices,
  members,
  merchantSignup,
  payments,
  pushDeliveries,
  store,
  walletTransactions,
} from '../server/db/schema/resources';
import { users } from '../server/db/schema/users';
import { AppError } from '../server/errors';
import { createJobRunner } from '../server/jobs/runner';
import type { Caller } from '../server/resources/principal';
import { DERIVED_RESOURCES } from '../server/resources/registry';
import { createResourceService, type ResourceService, type Row } from '../server/resources/service';
import { createMainConfig } from '../server/services/config-main';
import {
  activateDevice,
  deliverDevice,
  deregisterDevice,
  registerDevice,
  spoilDevice,
} from '../server/services/devices';
import { hashPassword } from '../server/services/passwords';
import { topUp } from '../server/services/payments';
import { createPushSender, PUSH_MAX_ATTEMPTS, SEND_PUSH_JOB, schedulePush } from '../server/services/push';
import { outboxProvider, type PushProvider, TransientPushError } from '../server/services/push-providers';
import {
  expireDueMemberCards,
  issueMemberCard,
  recordRefusedStamping,
  setStorePin,
  stampCardOnce,
  voidStamping,
} from '../server/services/stamping';
import {
  donateVoucher,
  expireDueVouchers,
  issueVouchers,
  redeemVoucher,
  voidVoucher,
} from '../server/services/vouchers';
import { walletOf } from '../server/services/wallet';

/** The company whose registration number marks a database as already seeded. */
export const DEMO_MARKER_REGISTRATION_NO = '201912345K';

export interface DemoUser {
  email: string;
  type: UserType;
  company: string | null;
}

export interface SeedResult {
  /** true when the marker company was found and nothing was written */
  skipped: boolean;
  password: string | null;
  users: DemoUser[];
  /** rows written per table */
  counts: Record<string, number>;
  /** ACTIVE devices with the secret `register` showed: printed once, never stored in plain text */
  devices: DemoDevice[];
}

export interface DemoDevice {
  serialNo: string;
  secret: string;
  storeId: number;
  company: string;
}

type DemoLifecycle =
  | 'APPROVED'
  | 'REGISTERED'
  | 'REGISTER_FAILED'
  | 'DELIVERED'
  | 'ACTIVE'
  | 'SPOILT'
  | 'DEREGISTERED';
/** The declared arrows (resources/tables/devices.ts) that lead a new (APPROVED) device to `lifecycle`. */
const devicePathTo = (lifecycle: DemoLifecycle): string[] => {
  const path = pathBetween(deviceTable, 'lifecycle', 'APPROVED', lifecycle);
  if (!path) throw new Error(`no declared path from APPROVED to ${lifecycle}`);
  return path.map((a) => a.name);
};

export interface SeedOptions {
  /** the demo users' password; random when absent */
  password?: string;
  /** "now" for the generated times (tests pin it) */
  now?: Date;
}

// ---- deterministic randomness, so two seeded databases look alike -------------------------------

const rng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

// ---- the data set -----------------------------------------------------------------------------

interface StoreSeed {
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

interface ProductSeed {
  name: string;
  sku: string;
  category: string;
  price: number;
  stampsEarned: number;
}

interface PackSeed {
  title: string;
  description: string;
  price: number;
  voucherValue: number;
  quantity: number;
  giftable: boolean;
  /** how the pack ends up: disabled or (soft) deleted packs show those states */
  end?: 'DISABLED' | 'DELETE';
}

interface CardSeed {
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

interface BrandSeed {
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

interface CompanySeed {
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

const COMPANIES: CompanySeed[] = [
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
      group: {
        name: 'Front counter',
        description: 'Looks up vouchers and stamp cards for customers at the counter',
        permissions: [
          { resource: 'vouchers', action: 'VIEW' },
          { resource: 'stampCard', action: 'VIEW' },
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

const OPERATOR = { email: 'operator@loyalty-demo.example', name: 'Demo Operator', mobile: '+6591230099' };

const COUNTRIES = [
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

const INDUSTRIES = [
  { code: 'FNB', name: 'Food & Beverage', sortOrder: 10 },
  { code: 'RETAIL', name: 'Retail', sortOrder: 20 },
  { code: 'BEAUTY', name: 'Beauty & Wellness', sortOrder: 30 },
  { code: 'FITNESS', name: 'Fitness', sortOrder: 40 },
  { code: 'SERVICES', name: 'Services', sortOrder: 90, state: 'DISABLED' as const },
];

/** The stamping PIN of each demo brand's first store (staff type it into a member's phone). */
export const DEMO_STORE_PIN = '2468';

const MEMBERS = Array.from({ length: 24 }, (_, i) => `+659${String(8_100_000 + i * 137).padStart(7, '0')}`);

// ---- demo pictures ----------------------------------------------------------------------------

const PALETTE = ['0f766e', 'b45309', 'be185d', '4338ca', '15803d', 'b91c1c', '0369a1', '7e22ce'];

/**
 * A small self-contained SVG picture (a coloured tile with initials or a short caption) as a data
 * URI, so the demo's logos, icons, banners and cards show something without any image files.
 */
export const demoImage = (label: string, shape: 'tile' | 'banner' = 'tile'): string => {
  let hash = 0;
  for (const ch of label) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const fill = PALETTE[hash % PALETTE.length];
  const words = label
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const text =
    shape === 'tile'
      ? words
          .slice(0, 2)
          .map((w) => w[0]?.toUpperCase())
          .join('')
      : label.replace(/[<>&'"]/g, '').slice(0, 28);
  const [w, h, size] = shape === 'tile' ? [64, 64, 24] : [320, 120, 22];
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}'>` +
    `<rect width='${w}' height='${h}' rx='10' fill='#${fill}'/>` +
    `<text x='${w / 2}' y='${h / 2 + size / 3}' font-family='sans-serif' font-size='${size}' font-weight='700' text-anchor='middle' fill='#fff'>${text}</text></svg>`;
  return `data:image/svg+xml,${svg.replaceAll('#', '%23').replaceAll('<', '%3C').replaceAll('>', '%3E')}`;
};

// ---- the seeding ------------------------------------------------------------------------------

const OPERATOR_CALLER = (id: number, email: string): Caller => ({
  id,
  email,
  type: 'OPERATOR',
  role: 'operator',
  companyId: null,
  brandId: null,
  storeId: null,
  subject: { type: 'OPERATOR' },
});

/** A derived table's column; their columns are known at run time only. */
const column = (table: object, name: string): AnyPgColumn => {
  const c = (table as Record<string, AnyPgColumn | undefined>)[name];
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const idOf = (row: Row): number => {
  if (typeof row.id !== 'number') throw new Error('row without id');
  return row.id;
};

/** Seeds the demo data set into `db` (already migrated), unless the marker company is there. */
/**
 * Schedules the demo's sent pushes and runs their sending jobs as the server's runner would: into the
 * local push outbox, or, for a push meant to show FAILED, against a provider that keeps failing, the
 * runner's retries played out at later and later times until the last one ends it with 7001.
 */
const sendDemoPushes = async (
  db: Db,
  op: Caller,
  pushes: readonly { pushId: number; fail: boolean }[],
  now: Date,
): Promise<void> => {
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const down: PushProvider = {
    name: 'outbox',
    send: () => Promise.reject(new TransientPushError('the provider rejected the credentials (401)')),
  };
  for (const fail of [true, false]) {
    for (const p of pushes.filter((x) => x.fail === fail)) await schedulePush(db, op, p.pushId);
    const runner = createJobRunner({
      db,
      log: quiet,
      handlers: { [SEND_PUSH_JOB]: createPushSender({ provider: fail ? down : outboxProvider }) },
      periodic: [{ name: 'cleanup', everyMs: DAY }],
      instanceId: 'seed-demo',
    });
    // each retry comes back after its backoff: a later poll for each attempt
    for (let attempt = 0; attempt < PUSH_MAX_ATTEMPTS + 1; attempt++) {
      if ((await runner.runDue(new Date(now.getTime() + attempt * 3_600_000))) === 0) break;
    }
  }
};

export const seedDemo = async (db: Db, options: SeedOptions = {}): Promise<SeedResult> => {
  const [marker] = await db
    .select({ id: company.id })
    .from(company)
    .where(eq(column(company, 'registrationNo'), DEMO_MARKER_REGISTRATION_NO))
    .limit(1);
  if (marker) return { skipped: true, password: null, users: [], counts: {}, devices: [] };

  const password = options.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = options.now ?? new Date();
  const random = rng(20_240_601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const counts: Record<string, number> = {};
  const count = (table: string, n = 1) => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  const demoUsers: DemoUser[] = [];
  const demoDevices: DemoDevice[] = [];

  // all or nothing: a failure half-way leaves no marker and no half data set behind
  await db.transaction(async (txRaw) => {
    // a transaction is a database of the same schema for every query the services make
    const tx = txRaw as unknown as Db;
    const services = new Map<string, ResourceService>(
      DERIVED_RESOURCES.map((r) => [r.decl.name, createResourceService(tx, r)]),
    );
    const service = (name: string): ResourceService => {
      const s = services.get(name);
      if (!s) throw new Error(`no service for ${name}`);
      return s;
    };

    const addUser = async (
      u: { email: string; name: string; mobile: string },
      type: UserType,
      org: {
        companyId: number | null;
        brandId?: number | null;
        signupState: SignupState;
        company: string | null;
      },
    ): Promise<number> => {
      const [row] = await tx
        .insert(users)
        .values({
          email: u.email,
          name: u.name,
          mobile: u.mobile,
          passwordHash,
          type,
          state: 'ENABLE',
          signupState: org.signupState,
          companyId: org.companyId,
          brandId: org.brandId ?? null,
          country: 'sg',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      count('users', row ? 1 : 0);
      if (row) demoUsers.push({ email: u.email, type, company: org.company });
      if (row) return row.id;
      // the address is taken already (e.g. a real account): reuse it, leave it untouched
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, u.email));
      if (!existing) throw new Error(`cannot add or find user ${u.email}`);
      return existing.id;
    };

    const operatorId = await addUser(OPERATOR, 'OPERATOR', {
      companyId: null,
      signupState: 'APPROVAL',
      company: null,
    });
    const op = OPERATOR_CALLER(operatorId, OPERATOR.email);
    const create = async (name: string, body: Record<string, unknown>): Promise<number> => {
      const id = idOf(await service(name).create(op, body));
      count(name);
      return id;
    };
    // a device moved from APPROVED to `lifecycle` through its operations, one per arrow (with their
    // audit rows); answers the secret `register` showed, when it was registered
    const toLifecycle = async (id: number, lifecycle: DemoLifecycle): Promise<string | undefined> => {
      let secret: string | undefined;
      for (const arrow of devicePathTo(lifecycle)) {
        if (arrow === 'registerFailed') await registerDevice(tx, op, id, { failed: true });
        else if (arrow === 'register') {
          const answer = await registerDevice(tx, op, id, {});
          secret = typeof answer.secret === 'string' ? answer.secret : undefined;
        } else if (arrow === 'deliver') await deliverDevice(tx, op, id);
        else if (arrow === 'activate') await activateDevice(tx, op, id);
        else if (arrow === 'spoil') await spoilDevice(tx, op, id);
        else await deregisterDevice(tx, op, id);
      }
      return secret;
    };
    // the second counter of each store takes the next of these, so every lifecycle shows
    const SPREAD: readonly DemoLifecycle[] = [
      'APPROVED',
      'REGISTERED',
      'REGISTER_FAILED',
      'DELIVERED',
      'SPOILT',
      'DEREGISTERED',
    ];
    let secondCounters = 0;

    const pushesToSend: { pushId: number; fail: boolean }[] = [];

    // product-wide configuration
    for (const c of COUNTRIES) await create('countryConfig', c);
    const industryIds = new Map<string, number>();
    for (const i of INDUSTRIES) {
      industryIds.set(i.code, await create('industryConfig', { ...i, icon: demoImage(i.name) }));
    }
    await create('forceUpdateConfig', {
      platform: 'IOS',
      minVersion: '3.2.0',
      latestVersion: '3.6.1',
      storeUrl: 'https://apps.apple.com/app/id0000000000',
      message: 'A new version with faster stamping is available.',
      force: false,
    });
    await create('forceUpdateConfig', {
      platform: 'ANDROID',
      minVersion: '3.4.0',
      latestVersion: '3.6.1',
      storeUrl: 'https://play.google.com/store/apps/details?id=example.loyalty',
      message: 'This version is no longer supported. Please update to keep collecting stamps.',
      force: true,
    });
    // maintenance windows: one past, one upcoming in Malaysia (none on now, so the demo shows no banner)
    await create('maintenanceConfig', {
      startAt: ago(12).toISOString(),
      endAt: new Date(ago(12).getTime() + 2 * 3_600_000).toISOString(),
      message: 'Stamping is paused for two hours while we upgrade the stamp service.',
      enabled: true,
    });
    await create('maintenanceConfig', {
      startAt: ago(-6).toISOString(),
      endAt: new Date(ago(-6).getTime() + 3_600_000).toISOString(),
      message: 'Malaysian wallets move to a new payment provider; top-ups wait an hour.',
      country: 'my',
      enabled: true,
    });
    // the member app's home banner and a new stamp card's defaults, per country (System Config > Countries)
    for (const m of [
      {
        country: 'sg',
        currency: 'SGD',
        price: 0,
        banner: ['Collect stamps, get rewarded', 'Double stamps weekend'],
      },
      { country: 'my', currency: 'MYR', price: 0, banner: ['FitLab Bangsar now open'] },
    ]) {
      await createMainConfig(tx, {
        country: m.country,
        currency: m.currency,
        banner: m.banner.map((title) => ({
          imageUrl: demoImage(title, 'banner'),
          linkUrl: 'https://loyalty-demo.example/promotions',
          title,
        })),
        stampCardDefaultImages: [demoImage('Stamp card'), demoImage('Loyalty card')],
        stampCardDefaultPrice: m.price,
      });
      count('main_configs');
    }
    // the product's settings (System Config > Settings): the Help page's support contact
    await create('systemConfig', { key: 'supportEmail', value: 'support@loyalty-demo.example' });
    await create('systemConfig', { key: 'supportPhone', value: '+65 6220 1000' });
    await create('systemConfig', {
      key: 'supportHours',
      value: 'Mon-Fri 9:00-18:00 (Singapore time)',
      description: 'Shown beside the phone number',
    });
    const banners = [
      { title: 'Double stamps weekend', country: 'sg', sortOrder: 10, startAt: ago(3), endAt: ago(-4) },
      {
        title: 'New: Glow Skin Lab Tampines',
        country: 'sg',
        sortOrder: 20,
        startAt: ago(10),
        endAt: ago(-20),
      },
      { title: 'FitLab Bangsar now open', country: 'my', sortOrder: 10, startAt: ago(5), endAt: null },
      { title: 'Lunar New Year specials', country: 'sg', sortOrder: 30, startAt: ago(300), endAt: ago(280) },
    ];
    for (const b of banners) {
      const id = await create('bannerConfig', {
        title: b.title,
        country: b.country,
        imageUrl: demoImage(b.title, 'banner'),
        linkUrl: 'https://loyalty-demo.example/promotions',
        sortOrder: b.sortOrder,
        startAt: b.startAt.toISOString(),
        ...(b.endAt ? { endAt: b.endAt.toISOString() } : {}),
      });
      if (b.endAt && b.endAt < now) await service('bannerConfig').runAction(op, id, 'disable');
    }

    const companyIds = new Map<string, number>();
    let memberNo = 0;
    let receiptNo = 0;
    let serialNo = 0;

    for (const c of COMPANIES) {
      const companyId = await create('company', {
        name: c.name,
        registrationNo: c.registrationNo,
        address: c.address,
        contactEmail: c.contactEmail,
        phone: c.phone,
        country: c.country,
      });
      companyIds.set(c.registrationNo, companyId);
      // a company starts ACTIVE when an operator creates it; the demo also has one awaiting approval
      if (c.state !== 'ACTIVE') {
        await tx
          .update(company)
          .set({ state: c.state } as never)
          .where(eq(company.id, companyId));
      }
      const ownerId = await addUser(c.owner, 'MERCHANT', {
        companyId,
        signupState: c.owner.signupState,
        company: c.name,
      });
      if (c.colleague) {
        const { group, ...person } = c.colleague;
        const colleagueId = await addUser(person, 'MERCHANT', {
          companyId,
          signupState: 'APPROVAL',
          company: c.name,
        });
        await tx
          .update(users)
          .set({ invitedBy: ownerId, invitationType: 'MERCHANT_INVITE_MERCHANT' })
          .where(eq(users.id, colleagueId));
        const [g] = await tx
          .insert(userGroups)
          .values({ name: group.name, description: group.description, type: 'MERCHANT', companyId })
          .returning({ id: userGroups.id });
        if (!g) throw new Error('cannot add the demo group');
        count('user_groups');
        await tx.insert(userGroupPermissions).values(group.permissions.map((p) => ({ groupId: g.id, ...p })));
        await tx.insert(userGroupMembers).values({ userId: colleagueId, groupId: g.id });
      }

      // the merchant's signup request, decided (or not yet) by the operator; a pending one names the
      // first brand and store the merchant asked for, waiting (SUBMITTED) like the company
      const approved = c.owner.signupState === 'APPROVAL';
      const brandName = c.brands[0]?.name ?? c.name.replace(/ Pte Ltd$/, '');
      let pending: { brandId: number; storeId: number } | null = null;
      if (!approved) {
        const [b] = (await tx
          .insert(brand)
          .values({ companyId, name: brandName, contactEmail: c.contactEmail, state: 'SUBMITTED' } as never)
          .returning()) as { id: number }[];
        const [st] = (await tx
          .insert(store)
          .values({
            companyId,
            brandId: b?.id,
            name: `${brandName} Flagship`,
            address: c.address,
            state: 'SUBMITTED',
          } as never)
          .returning()) as { id: number }[];
        count('brand');
        count('store');
        pending = { brandId: b?.id ?? 0, storeId: st?.id ?? 0 };
      }
      await tx.insert(merchantSignup).values({
        requestKind: 'MERCHANT_SIGNUP',
        approval: approved ? 'APPROVED' : 'PENDING',
        userId: ownerId,
        companyName: c.name,
        registrationNo: c.registrationNo,
        brandName,
        storeName: c.brands[0]?.stores[0]?.name ?? (pending ? `${brandName} Flagship` : null),
        contactEmail: c.contactEmail,
        contactMobile: c.owner.mobile,
        companyId,
        ...(pending ?? {}),
        decidedBy: approved ? operatorId : null,
        decidedAt: approved ? ago(180) : null,
        createTime: ago(approved ? 185 : 2),
      } as never);
      count('merchantSignup');

      // the wallet, funded the way a merchant funds it: a FREE top-up where the country offers it
      // (docs/operations.md); Stripe top-ups need keys and Stripe's webhook
      if (c.wallet.balance > 0) {
        const owner: Caller = {
          id: ownerId,
          email: c.owner.email,
          type: 'MERCHANT',
          role: 'merchant',
          companyId,
          brandId: null,
          storeId: null,
          subject: { type: 'MERCHANT' },
        };
        await topUp(
          tx,
          owner,
          { amount: c.wallet.balance, paymentMethod: 'FREE' },
          { stripe: null, now: ago(190) },
        );
      } else {
        await walletOf(tx, companyId);
      }
      count('account');

      const templateIds: number[] = [];
      for (const t of c.templates) {
        templateIds.push(
          await create('pushTemplates', {
            companyId,
            title: t.title,
            body: t.body,
            ...(t.deepLink ? { deepLink: t.deepLink } : {}),
          }),
        );
      }
      // one push in every state per company that has templates
      const pushStates = ['PENDING', 'SCHEDULED', 'COMPLETED', 'FAILED'] as const;
      for (const [i, state] of pushStates.entries()) {
        const templateId = templateIds[i % Math.max(templateIds.length, 1)];
        const template = c.templates[i % Math.max(c.templates.length, 1)];
        if (templateId === undefined || !template) break;
        const scheduledAt = state === 'PENDING' || state === 'SCHEDULED' ? ago(-2 - i) : ago(7 + i * 5);
        const pushId = await create('push', {
          companyId,
          templateId,
          title: template.title,
          body: template.body,
          audience: 'ALL_MEMBERS',
          scheduledAt: scheduledAt.toISOString(),
        });
        if (state === 'SCHEDULED') await schedulePush(tx, op, pushId);
        // sent through the job runner once the members exist (below)
        if (state === 'COMPLETED' || state === 'FAILED')
          pushesToSend.push({ pushId, fail: state === 'FAILED' });
      }

      for (const b of c.brands) {
        const industryConfigId = industryIds.get(b.industry);
        const brandId = await create('brand', {
          companyId,
          name: b.name,
          logo: demoImage(b.name),
          description: b.description,
          website: b.website,
          contactEmail: b.contactEmail,
          ...(industryConfigId ? { industryConfigId } : {}),
        });
        if (b.manager) {
          await addUser(b.manager, 'MERCHANT', {
            companyId,
            brandId,
            signupState: 'APPROVAL',
            company: c.name,
          });
        }

        const storeIds: number[] = [];
        for (const s of b.stores) {
          const { state, ...fields } = s;
          const storeId = await create('store', { ...fields, companyId, brandId });
          if (state === 'DISABLED') await service('store').runAction(op, storeId, 'disable');
          storeIds.push(storeId);
        }
        const activeStores = storeIds.filter((_, i) => b.stores[i]?.state !== 'DISABLED');

        for (const p of b.products) {
          await create('products', { ...p, companyId, brandId, description: `${p.name} at ${b.name}` });
        }

        // devices: two per store, then the lifecycle states spread over them so every one appears
        for (const storeId of storeIds) {
          for (let n = 0; n < 2; n++) {
            serialNo += 1;
            const serial = `LT-${String(serialNo).padStart(6, '0')}`;
            const id = await create('devices', {
              companyId,
              storeId,
              serialNo: serial,
              name: `Counter ${n + 1}`,
              model: n === 0 ? 'LoyaTab 8' : 'LoyaTab Mini',
            });
            // the first counters stamp (below); the second ones show the other lifecycles
            const lifecycle = n === 0 ? 'ACTIVE' : (SPREAD[secondCounters++] ?? 'ACTIVE');
            const secret = await toLifecycle(id, lifecycle);
            // a few ACTIVE devices keep their secret, printed once for trying the device API by hand
            if (lifecycle === 'ACTIVE' && secret && demoDevices.length < 2)
              demoDevices.push({ serialNo: serial, secret, storeId, company: c.name });
          }
        }

        const packIds: number[] = [];
        for (const p of b.packs) {
          const { end: _end, ...fields } = p;
          const packId = await create('voucherPacks', {
            ...fields,
            companyId,
            brandId,
            image: demoImage(p.title),
            issueLimitPerMember: p.giftable ? 5 : 1,
            validFrom: isoDate(ago(120)),
            validUntil: isoDate(ago(-240)),
            voucherValidityDays: 30,
          });
          packIds.push(packId);
        }

        // vouchers in every state, each moved by its operation at the time it happened, so every
        // history row has its cause and its audit row: issued, then redeemed at a store (one of them
        // voided at the till and left available), donated to another member, or left to expire
        const voucherStates = ['AVAILABLE', 'AVAILABLE', 'REDEEMED', 'REDEEMED', 'EXPIRED'] as const;
        for (const [pi, packId] of packIds.entries()) {
          const pack = b.packs[pi];
          if (!pack) continue;
          const n = pack.end === 'DELETE' ? 2 : voucherStates.length + 1;
          for (let k = 0; k < n; k++) {
            const state = voucherStates[k % voucherStates.length] ?? 'AVAILABLE';
            // a member per voucher of a pack: the packs that are not giftable issue one per member
            const member = MEMBERS[(memberNo++ * 7) % MEMBERS.length] ?? '+6598100000';
            const issuedAt = ago(state === 'EXPIRED' ? 60 : 5 + k * 3);
            const issued = await issueVouchers(
              tx,
              op,
              packId,
              { memberMobile: member, quantity: 1 },
              issuedAt,
            );
            const voucherId = issued.vouchers[0]?.id;
            if (voucherId === undefined) throw new Error('the demo pack issued nothing');
            count('vouchers');
            count('voucherHistory');
            if (state === 'REDEEMED') {
              await redeemVoucher(
                tx,
                op,
                voucherId,
                { storeId: pick(activeStores) },
                new Date(issuedAt.getTime() + 2 * DAY),
              );
              count('voucherHistory');
            } else if (k === voucherStates.length && pack.giftable) {
              const to = MEMBERS.find((m) => m !== member) ?? member;
              await donateVoucher(tx, op, voucherId, { toMobile: to }, ago(1));
              count('voucherHistory');
            } else if (k === voucherStates.length) {
              const storeId = pick(activeStores);
              await redeemVoucher(tx, op, voucherId, { storeId }, ago(2));
              await voidVoucher(
                tx,
                op,
                voucherId,
                { reason: 'Redeemed twice by mistake at the till' },
                ago(2),
              );
              count('voucherHistory', 2);
            }
          }
          if (pack.end === 'DISABLED') await service('voucherPacks').runAction(op, packId, 'disable');
          if (pack.end === 'DELETE') await service('voucherPacks').remove(op, packId);
        }
        // the job's run: the vouchers issued 60 days ago with 30 days of validity expire
        count('voucherHistory', await expireDueVouchers(tx, now));
        // the vouchers' holders, created by issuing and donating on first use
        counts.members = (await tx.select({ n: sql<number>`count(*)::int` }).from(members))[0]?.n ?? 0;

        // stamp card programmes and their member cards, stamped, completed, voided and expired
        // through the operations (server/services/stamping.ts), as staff at the till would
        if (activeStores[0] !== undefined && b.cards.length > 0)
          await setStorePin(tx, op, activeStores[0], DEMO_STORE_PIN);
        for (const card of b.cards) {
          const start = ago(-card.startInDays);
          const end = new Date(start.getTime() + card.lengthDays * DAY);
          // the reward comes from a pack still selling (a disabled pack issues nothing: 6629)
          const selling = packIds.filter((_, i) => b.packs[i]?.end === undefined);
          const rewardVoucherPackId =
            b.packs[card.rewardPack]?.end === undefined ? packIds[card.rewardPack] : selling[0];
          const programmeId = await create('stampCard', {
            companyId,
            brandId,
            title: card.title,
            description: card.description,
            image: demoImage(card.title),
            stampsRequired: card.stampsRequired,
            maxStampsPerTransaction: 2,
            price: card.price,
            ...(card.quantity ? { quantity: card.quantity } : {}),
            ...(rewardVoucherPackId ? { rewardVoucherPackId } : {}),
            startDate: isoDate(start),
            endDate: isoDate(end),
          });
          // a programme that ran out: its cards were stamped early in its life, never completed
          const ended = end.getTime() < now.getTime();
          const firstDay = ended ? start : new Date(Math.max(start.getTime(), ago(50).getTime()));
          const lastDay = ended ? new Date(start.getTime() + (card.lengthDays / 2) * DAY) : ago(0.2);
          const span = lastDay.getTime() - firstDay.getTime();
          const holders = ended ? 4 : 8;
          for (let m = 0; m < holders; m++) {
            const memberMobile = MEMBERS[(m * 5 + card.stampsRequired) % MEMBERS.length] ?? pick(MEMBERS);
            const storeId = pick(activeStores);
            const issuedAt = new Date(firstDay.getTime() + (span * m) / (holders * 2));
            const issued = await issueMemberCard(tx, op, programmeId, { memberMobile, storeId }, issuedAt);
            count('memberCards');
            // every third active card fills up; the others stop part way
            const target =
              !ended && m % 3 === 0
                ? card.stampsRequired
                : Math.max(1, Math.floor(card.stampsRequired / 2) - (m % 3));
            let stamps = 0;
            let at = issuedAt;
            let lastTxn = 0;
            let lastReward: number | null = null;
            while (stamps < target) {
              const give = Math.min(1 + Math.floor(random() * 2), target - stamps);
              at = new Date(at.getTime() + (lastDay.getTime() - at.getTime()) / (target - stamps + 1));
              receiptNo += 1;
              const input = { stamps: give, storeId, receiptNo: `R${String(receiptNo).padStart(8, '0')}` };
              // a savepoint: a completion whose reward the member may not receive (they hold the
              // pack's limit already) is refused whole (6629), and the card stays one stamping short
              const done = await tx
                .transaction((sp) => stampCardOnce(sp, op, issued.id, input, at))
                .catch((e: unknown) => {
                  if (e instanceof AppError && e.errorName === 'VOUCHER_ISSUE_FAILED') return null;
                  throw e;
                });
              if (!done) break;
              lastTxn = done.id;
              lastReward = done.rewardVoucherId;
              if (done.rewardVoucherId !== null) {
                count('vouchers');
                count('voucherHistory');
              }
              stamps += give;
              count('stampsTransaction');
              count('stampingHistory');
            }
            // a refused stamping at the till (too many stamps) leaves a FAILED transaction
            if (m === 1) {
              await recordRefusedStamping(
                tx,
                op,
                issued.id,
                { stamps: card.stampsRequired + 1, storeId },
                new AppError('TOO_MANY_STAMPS', [{ field: 'stamps', message: 'more than the card takes' }]),
                at,
              );
              count('stampsTransaction');
            }
            // the first completed card of an active programme had its last stamping voided (wrong member)
            if (m === 3 && lastTxn > 0) {
              await voidStamping(
                tx,
                op,
                lastTxn,
                { reason: 'Stamped the wrong member at the till' },
                new Date(at.getTime() + 3_600_000),
              );
              count('stampingHistory');
              if (lastReward !== null) count('voucherHistory');
            }
          }
          if (card.end === 'DISABLED') await service('stampCard').runAction(op, programmeId, 'disable');
        }
      }
    }

    // the job's run: member cards of programmes that ended expire
    await expireDueMemberCards(tx, now);

    // the demo's sent pushes go through the job runner into the local push outbox, one delivery per
    // member; the failed ones meet a provider that keeps failing until their retries are spent
    await sendDemoPushes(tx as unknown as Db, op, pushesToSend, now); // the seed's transaction, as the runner's database
    counts.pushDeliveries =
      (await tx.select({ n: sql<number>`count(*)::int` }).from(pushDeliveries))[0]?.n ?? 0;

    // what the devices report of themselves: firmware once registered, a recent contact when ACTIVE
    for (const d of await tx.select().from(devices).orderBy(devices.id)) {
      const lifecycle = String(d.lifecycle);
      await tx
        .update(devices)
        .set({
          firmwareVersion: lifecycle === 'APPROVED' || lifecycle === 'REGISTERED' ? null : '2.4.1',
          lastSeenAt: lifecycle === 'ACTIVE' ? ago(random() / 24) : lifecycle === 'SPOILT' ? ago(40) : null,
        } as never)
        .where(eq(devices.id, idOf(d as Row)));
    }

    // signups beyond the companies' own: a rejected one and requests to add a brand and a store
    const harbourId = companyIds.get(DEMO_MARKER_REGISTRATION_NO) ?? null;
    // the brand the pending ADD_BRAND request asks for, and the store the approved ADD_STORE added
    const [express] = (await tx
      .insert(brand)
      .values({ companyId: harbourId, name: 'Harbour Kopi Express', state: 'SUBMITTED' } as never)
      .returning()) as { id: number }[];
    count('brand');
    const [bugis] = (await tx
      .select()
      .from(store)
      .where(eq(column(store, 'name'), 'Bao Bros Bugis'))
      .limit(1)) as { id: number; brandId: number }[];
    const extra = [
      {
        requestKind: 'MERCHANT_SIGNUP',
        approval: 'REJECT',
        companyName: 'Quick Cash Pawnshop',
        registrationNo: '201611111X',
        contactEmail: 'info@quick-cash.example',
        reason: 'Pawnbroking is not a business the loyalty programme serves.',
        decidedBy: operatorId,
        decidedAt: ago(20),
        createTime: ago(22),
      },
      {
        requestKind: 'ADD_BRAND',
        approval: 'PENDING',
        companyName: 'Harbour Kopi Pte Ltd',
        brandName: 'Harbour Kopi Express',
        companyId: harbourId,
        brandId: express?.id ?? null,
        contactEmail: 'owner@harbour-kopi.example',
        createTime: ago(1),
      },
      {
        requestKind: 'ADD_STORE',
        approval: 'APPROVED',
        companyName: 'Harbour Kopi Pte Ltd',
        brandName: 'Bao Bros',
        storeName: 'Bao Bros Bugis',
        companyId: harbourId,
        brandId: bugis?.brandId ?? null,
        storeId: bugis?.id ?? null,
        decidedBy: operatorId,
        decidedAt: ago(45),
        createTime: ago(47),
      },
    ];
    for (const s of extra) {
      await tx.insert(merchantSignup).values(s as never);
      count('merchantSignup');
    }

    // the audited services (company, brand, store) wrote their entries as they went
    const [audited] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    count('auditLog', audited?.n ?? 0);
    // the wallet service wrote the top-ups and every charge of the issues above as it went
    const [ledger] = await tx.select({ n: sql<number>`count(*)::int` }).from(walletTransactions);
    count('walletTransactions', ledger?.n ?? 0);
    const [paid] = await tx.select({ n: sql<number>`count(*)::int` }).from(payments);
    count('payments', paid?.n ?? 0);
  });

  return { skipped: false, password, users: demoUsers, counts, devices: demoDevices };
};

// ---- command line -----------------------------------------------------------------------------

const USAGE = 'usage: npm run seed:demo [-- --password P]';

const main = async (): Promise<number> => {
  let password: string | undefined;
  try {
    const { values } = parseArgs({ options: { password: { type: 'string' } }, strict: true });
    password = values.password;
  } catch (e) {
    process.stderr.write(`seed:demo: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (
    password !== undefined &&
    (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
  ) {
    process.stderr.write(
      `seed:demo: --password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters\n`,
    );
    return 2;
  }
  const [{ loadConfig }, { createDb, migrate }, { pgliteDir }] = await Promise.all([
    import('../server/config'),
    import('../server/db/client'),
    import('../server/server'),
  ]);
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) });
  try {
    await migrate(handle.db);
    const result = await seedDemo(handle.db, password === undefined ? {} : { password });
    if (result.skipped) {
      process.stdout.write(
        'seed:demo: the demo data is already there (marker company found); nothing changed\n',
      );
      return 0;
    }
    const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
    process.stdout.write(`seed:demo: ${total} rows written\n`);
    for (const [table, n] of Object.entries(result.counts)) process.stdout.write(`  ${table}: ${n}\n`);
    // printed once on purpose, outside any logger, like the first operator's password
    process.stdout.write(`Demo users (password: ${result.password}):\n`);
    for (const u of result.users) {
      process.stdout.write(`  ${u.type.toLowerCase()}  ${u.email}${u.company ? `  (${u.company})` : ''}\n`);
    }
    process.stdout.write(`Stamping PIN of each demo brand's first store: ${DEMO_STORE_PIN}\n`);
    // printed once on purpose: only their hashes are kept; see README "Trying the device API"
    process.stdout.write('In-store devices (POST /auth/device-token {serialNo, secret}):\n');
    for (const d of result.devices) {
      process.stdout.write(`  ${d.serialNo}  secret ${d.secret}  (store ${d.storeId}, ${d.company})\n`);
    }
    return 0;
  } finally {
    await handle.close();
  }
};

const invokedDirectly = (() => {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`seed:demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
