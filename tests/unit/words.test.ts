// English words made from names (resources/words.ts): the defaults a table declared without words
// reads in, and how words a declaration gives, or src/i18n/resources.en.ts writes, win over them.
import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../resources/types';
import { resourceWords, resourceWordsFromName, wordsFromName } from '../../resources/words';
import { createI18nProvider, englishPortalMessages } from '../../src/providers/i18nProvider';
import { GIFT_CARDS_TABLE } from './helpers';

describe('wordsFromName', () => {
  it('writes a camelCase or UPPER_CASE name as a sentence-case phrase', () => {
    expect(wordsFromName('initialAmount')).toBe('Initial amount');
    expect(wordsFromName('title')).toBe('Title');
    expect(wordsFromName('WAIT_EMAIL_ACTIVE')).toBe('Wait email active');
    expect(wordsFromName('ACTIVE')).toBe('Active');
    expect(wordsFromName('markRedeemed')).toBe('Mark redeemed');
    expect(wordsFromName('maxStampsPerDay')).toBe('Max stamps per day');
    expect(wordsFromName('imageURLSmall')).toBe('Image url small');
  });

  it('reads a reference as what it names and a timestamp as what happened', () => {
    expect(wordsFromName('rewardVoucherPackId')).toBe('Reward voucher pack');
    expect(wordsFromName('companyId')).toBe('Company');
    expect(wordsFromName('redeemedAt')).toBe('Redeemed');
    expect(wordsFromName('at')).toBe('At');
  });

  it("keeps the portal's words for the columns every table gets", () => {
    expect(wordsFromName('id')).toBe('ID');
    expect(wordsFromName('createTime')).toBe('Created');
    expect(wordsFromName('updateTime')).toBe('Updated');
  });
});

describe('resourceWordsFromName', () => {
  it("writes 'Singular |||| Plural' from a plural or a singular name", () => {
    expect(resourceWordsFromName('giftCards')).toBe('Gift card |||| Gift cards');
    expect(resourceWordsFromName('stampCard')).toBe('Stamp card |||| Stamp cards');
    expect(resourceWordsFromName('company')).toBe('Company |||| Companies');
    expect(resourceWordsFromName('companies')).toBe('Company |||| Companies');
    expect(resourceWordsFromName('pushes')).toBe('Push |||| Pushes');
    expect(resourceWordsFromName('push')).toBe('Push |||| Pushes');
    expect(resourceWordsFromName('deliveryAddress')).toBe('Delivery address |||| Delivery addresses');
    expect(resourceWordsFromName('orderStatus')).toBe('Order status |||| Order statuses');
    expect(resourceWordsFromName('keys')).toBe('Key |||| Keys');
  });
});

/** A table nobody ships: a merchant's gift cards, declared without a word of English but two. */
const giftCards = {
  ...GIFT_CARDS_TABLE,
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'initialAmount', type: 'money', required: true },
    { name: 'pin', type: 'text', words: 'PIN' },
    {
      name: 'state',
      type: 'select',
      choices: ['ACTIVE', 'WAIT_EMAIL_ACTIVE', 'DISABLED'],
      choiceWords: { WAIT_EMAIL_ACTIVE: 'Waiting for e-mail' },
    },
    { name: 'redeemedAt', type: 'datetime' },
  ],
  actions: [
    { name: 'markRedeemed', roles: ['merchant'], field: 'state', from: ['ACTIVE'], to: 'DISABLED' },
    {
      name: 'disable',
      roles: ['merchant'],
      field: 'state',
      from: ['ACTIVE'],
      to: 'DISABLED',
      words: 'Switch off',
    },
  ],
} as const satisfies ResourceDeclaration;

describe('resourceWords', () => {
  it('words every key of a declaration: from its names, or its own words where it gives them', () => {
    expect(resourceWords(giftCards)).toEqual({
      name: 'Gift card |||| Gift cards',
      fields: {
        title: 'Title',
        initialAmount: 'Initial amount',
        pin: 'PIN',
        state: 'State',
        redeemedAt: 'Redeemed',
        id: 'ID',
        createTime: 'Created',
        updateTime: 'Updated',
        companyId: 'Company',
        brandId: 'Brand',
      },
      choices: { state: { ACTIVE: 'Active', WAIT_EMAIL_ACTIVE: 'Waiting for e-mail', DISABLED: 'Disabled' } },
      actions: { markRedeemed: 'Mark redeemed', disable: 'Switch off' },
    });
  });

  it("takes the resource's own name words, and leaves out choices and actions it has none of", () => {
    const plain = { ...giftCards, words: 'Voucher card |||| Voucher cards', fields: [], actions: [] };
    const words = resourceWords(plain);
    expect(words.name).toBe('Voucher card |||| Voucher cards');
    expect(words).not.toHaveProperty('choices');
    expect(words).not.toHaveProperty('actions');
  });
});

describe("the portal's English bundle", () => {
  const resources = (englishPortalMessages() as unknown as { resources: Record<string, ResourceWordsTree> })
    .resources;
  type ResourceWordsTree = { name: string; fields: Record<string, string> };

  it('answers the derived words where resources.en.ts writes none, and its own words where it does', () => {
    expect(resources.users?.fields.signupState).toBe('Signup state'); // made from the name
    expect(resources.users?.fields.email).toBe('E-mail'); // written in resources.en.ts
    expect(resources.users?.fields.createTime).toBe('Created');
    expect(resources.stampCard?.name).toBe('Stamp Card |||| Stamp Cards');
  });

  it('falls back to those English words for a key another language lacks', async () => {
    const i18n = createI18nProvider({
      load: async () => ({ resources: { users: { fields: { email: '电子邮件' } } } }),
    });
    await i18n.changeLocale('zh-CN');
    expect(i18n.translate('resources.users.fields.email')).toBe('电子邮件');
    expect(i18n.translate('resources.users.fields.signupState')).toBe('Signup state');
    expect(i18n.translate('resources.users.fields.createTime')).toBe('Created');
  });
});
