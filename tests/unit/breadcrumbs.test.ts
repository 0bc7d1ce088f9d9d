import { describe, expect, it } from 'vitest';
import { trailOf } from '../../src/layout/breadcrumbs';

describe('breadcrumbs from the screens’ places', () => {
  it('leads a screen opened from another back to it, from the declaration or the hand-written place', () => {
    // memberLevelRules' declaration says partOf /aotg; the store poster's hand-written place /organization/store
    expect(trailOf('/aotg/config')).toEqual([{ label: 'common.screens.aotg', path: '/aotg' }]);
    expect(trailOf('/organization/store/poster')).toEqual([
      { label: 'common.screens.store', path: '/organization/store' },
    ]);
  });

  it("puts a row's pages under its table's list, and that list under the screen it is opened from", () => {
    expect(trailOf('/stampCard/3/show')).toEqual([
      { label: 'common.screens.stamp_card_list', path: '/stamp-cards' },
    ]);
    expect(trailOf('/memberLevels/2')).toEqual([
      { label: 'common.screens.aotg', path: '/aotg' },
      { label: 'common.screens.aotg_user_level_config', path: '/aotg/user-level-config' },
    ]);
    expect(trailOf('/vouchers/create')).toEqual([
      { label: 'common.screens.voucher_list', path: '/vouchers' },
    ]);
  });

  it('gives a top-level screen, a table without a list and an unknown path no trail', () => {
    expect(trailOf('/stamp-cards')).toEqual([]);
    expect(trailOf('/memberCards/4/show')).toEqual([]);
    expect(trailOf('/nowhere')).toEqual([]);
  });
});
