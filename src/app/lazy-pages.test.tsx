// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyPage } from './lazy-pages';

const Page = () => <p>The page</p>;

describe('lazyPage', () => {
  it('renders at once, with no fallback, once preload() has the module in', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const lazy = lazyPage(load);
    await lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Page />
      </Suspense>,
    );
    // Synchronously, in the first render: React then holds nothing back for up to 300 ms after a fallback.
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('suspends, and loads once, when it is rendered first', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const lazy = lazyPage(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('The page')).toBeTruthy();
    await lazy.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('asks again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Page);
    const lazy = lazyPage(load);
    await expect(lazy.preload()).rejects.toThrow('offline');
    await lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
