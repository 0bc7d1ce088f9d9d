// Code-split screens whose code is already loaded show within the render that asks for them: no
// Suspense fallback, so none of React's 300 ms hold on the content that replaces a fallback
// (src/components/lazyModule.ts, issue 23 item 10).
import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyFrom, moduleLoader } from '../../src/components/lazyModule';

const Page = () => <p>the list</p>;
const Fallback = () => <p>loading</p>;

describe('lazy screens (lazyModule)', () => {
  it('a screen whose module has loaded shows at once, without the fallback', async () => {
    const mod = moduleLoader(async () => ({ Page }));
    await mod();
    const Screen = lazyFrom(mod, (m) => m.Page);
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('the list')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('React.lazy on the same loaded module still shows the fallback first (what the loader avoids)', async () => {
    const load = async () => ({ default: Page });
    await load();
    const Screen = lazy(load);
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the list')).toBeInTheDocument();
  });

  it('a screen whose module is not loaded yet shows the fallback, then the screen; the import is asked once', async () => {
    let asked = 0;
    const mod = moduleLoader(async () => {
      asked += 1;
      return { Page };
    });
    const First = lazyFrom(mod, (m) => m.Page);
    const Second = lazyFrom(mod, (m) => m.Page);
    render(
      <Suspense fallback={<Fallback />}>
        <First />
        <Second />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findAllByText('the list')).toHaveLength(2);
    expect(asked).toBe(1);
    expect(mod.loaded()).toEqual({ Page });
  });

  it('a failed import is asked again by the next use', async () => {
    let calls = 0;
    const mod = moduleLoader(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { Page };
    });
    await expect(mod()).rejects.toThrow('offline');
    expect(mod.loaded()).toBeUndefined();
    await expect(mod()).resolves.toEqual({ Page });
    expect(calls).toBe(2);
  });
});
