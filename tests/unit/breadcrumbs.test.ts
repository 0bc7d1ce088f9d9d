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

  it('follows the trail up: a hand-written screen under a table screen under another', () => {
    expect(trailOf('/aotg/member')).toEqual([{ label: 'common.screens.members', path: '/aotg/list' }]);
    expect(trailOf('/finance/wallet/top-up')).toEqual([
      { label: 'common.screens.wallet_balance', path: '/finance/wallet/balance' },
    ]);
  });

  it("gives a top-level screen, a row's page (its toolbar leads back) and an unknown path no trail", () => {
    expect(trailOf('/stamp-cards')).toEqual([]);
    expect(trailOf('/stampCard/3/show')).toEqual([]);
    expect(trailOf('/nowhere')).toEqual([]);
  });
});
