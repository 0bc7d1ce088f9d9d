import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, createTranslationLoader } from '../../../src/providers/i18nProvider';

describe('translation loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a failing load 5 times, waiting 350 ms and doubling, then gives up', async () => {
    const load = vi.fn(async () => {
      throw new Error('HTTP 503');
    });
    const loader = createTranslationLoader({ load });
    const result = loader('fr', 'common').catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    // Attempt n+1 happens exactly after the nth wait: 350, 700, 1400, 2800, 5600 ms.
    for (const [wait, attempts] of [
      [350, 2],
      [700, 3],
      [1400, 4],
      [2800, 5],
      [5600, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(load).toHaveBeenCalledTimes(attempts - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(attempts);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(6);
    expect(await result).toMatchObject({ message: 'HTTP 503' });
    expect(load).toHaveBeenCalledWith('fr', 'common');
  });

  it('answers the bundle once a retry succeeds', async () => {
    let calls = 0;
    const loader = createTranslationLoader({
      load: async () => {
        calls += 1;
        if (calls < 3) throw new Error('flaky');
        return { common: { hello: 'Bonjour' } };
      },
    });
    const result = loader('fr', 'common');
    await vi.advanceTimersByTimeAsync(350 + 700);
    expect(await result).toEqual({ common: { hello: 'Bonjour' } });
    expect(calls).toBe(3);
  });

  it('runs at most 10 loads at once', async () => {
    let active = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const loader = createTranslationLoader({
      load: () =>
        new Promise((resolve) => {
          active += 1;
          peak = Math.max(peak, active);
          release.push(() => {
            active -= 1;
            resolve({});
          });
        }),
    });
    const all = Promise.all(Array.from({ length: 25 }, (_, i) => loader(`l${i}`, 'common')));
    await vi.advanceTimersByTimeAsync(0);
    expect(active).toBe(10);
    while (release.length) {
      release.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    }
    await all;
    expect(peak).toBe(10);
    expect(active).toBe(0);
  });
});

describe('i18n provider', () => {
  it('speaks English from react-admin and from our messages, in locale en', () => {
    const i18n = createI18nProvider({ load: vi.fn() });
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    expect(i18n.translate('common.confirm.question', { action: 'Create', item: 'product' })).toBe(
      'Confirm to Create - product?',
    );
  });

  it('loads another locale through the loader (namespace common), English filling the gaps', async () => {
    const load = vi.fn(async () => ({ ra: { action: { save: 'Enregistrer' } } }));
    const i18n = createI18nProvider({
      load,
      locales: [
        { locale: 'en', name: 'English' },
        { locale: 'fr', name: 'Français' },
      ],
    });
    await i18n.changeLocale('fr');
    expect(load).toHaveBeenCalledWith('fr', 'common');
    expect(i18n.translate('ra.action.save')).toBe('Enregistrer');
    expect(i18n.translate('ra.action.delete')).toBe('Delete');
  });

  it("speaks react-admin's own words in Simplified Chinese from the zh-CN bundle, one plural form", async () => {
    const zh = JSON.parse(
      readFileSync(new URL('../../../public/locales/zh-CN/common.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const i18n = createI18nProvider({ load: vi.fn(async () => zh) });
    await i18n.changeLocale('zh-CN');
    expect(i18n.translate('ra.action.search')).toBe('搜索');
    expect(i18n.translate('ra.action.export')).toBe('导出');
    expect(i18n.translate('ra.navigation.page_rows_per_page')).toBe('每页行数：');
    expect(
      i18n.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 }),
    ).toBe('第 1-10 条，共 42 条');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('已选择 1 项');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('已选择 3 项');
    // the product's voice over react-admin's, in Chinese too
    expect(i18n.translate('ra.notification.created')).toBe('已创建');
  });
});
