import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADER_DELAY_MS } from '../../contract';
import { useDelayed } from '../../src/layout/DelayedLoader';
import { portalServer } from './server';

describe('loading indicator delay (spec section 9)', () => {
  portalServer();
  afterEach(() => vi.useRealTimers());

  it(`shows only once loading has lasted ${LOADER_DELAY_MS} ms, and hides at once when it ends`, () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ active }) => useDelayed(active), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('a load shorter than the delay never shows it', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ active }) => useDelayed(active), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS / 2));
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS * 2));
    expect(result.current).toBe(false);
  });
});
