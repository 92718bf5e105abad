import { focusManager, onlineManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module remembers whether the real client's module is loaded: each test starts without it.
let lazy: typeof import('./lazy-query-client');
beforeEach(async () => {
  vi.resetModules();
  lazy = await import('./lazy-query-client');
});

describe('createLazyQueryClient', () => {
  it('refuses to be used before the real client is loaded, naming the call', () => {
    const client = lazy.createLazyQueryClient();
    expect(() => client.getQueryData(['profile'])).toThrow(
      'queryClient.getQueryData() was called before loadQueryClient() resolved',
    );
    expect(() => client.clear()).toThrow(/queryClient\.clear\(\)/);
  });

  it('is not mistaken for a promise before or after loading', async () => {
    const client = lazy.createLazyQueryClient();
    expect((client as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(client)).resolves.toBe(client);
    await lazy.loadQueryClient();
    expect((client as unknown as { then?: unknown }).then).toBeUndefined();
  });

  it('forwards every call to one real client with the app defaults once loaded', async () => {
    const client = lazy.createLazyQueryClient();
    await lazy.loadQueryClient();
    client.setQueryData(['profile', 'u-1'], { name: 'Anna' });
    expect(client.getQueryData(['profile', 'u-1'])).toEqual({ name: 'Anna' });
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    const { shouldRetry } = await import('./query-client');
    expect(client.getDefaultOptions().queries?.retry).toBe(shouldRetry);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
    await expect(client.fetchQuery({ queryKey: ['answer'], queryFn: () => Promise.resolve(42) })).resolves.toBe(42);
    client.clear();
    expect(client.getQueryData(['profile', 'u-1'])).toBeUndefined();
  });

  it('gives each lazy client its own cache', async () => {
    const first = lazy.createLazyQueryClient();
    const second = lazy.createLazyQueryClient();
    await lazy.loadQueryClient();
    first.setQueryData(['key'], 1);
    expect(second.getQueryData(['key'])).toBeUndefined();
  });

  it('keeps the same method for repeated reads (hooks compare them)', async () => {
    const client = lazy.createLazyQueryClient();
    await lazy.loadQueryClient();
    expect(client.getQueryCache).toBe(client.getQueryCache);
  });

  it('replays a mount from before loading (refetch on focus and reconnect), and its unmount', async () => {
    const client = lazy.createLazyQueryClient();
    client.mount();
    expect(focusManager.hasListeners()).toBe(false);
    await lazy.loadQueryClient();
    client.getQueryCache();
    expect(focusManager.hasListeners()).toBe(true);
    expect(onlineManager.hasListeners()).toBe(true);
    client.unmount();
    expect(focusManager.hasListeners()).toBe(false);
    expect(onlineManager.hasListeners()).toBe(false);
  });

  it('forgets a mount that was undone before loading', async () => {
    const client = lazy.createLazyQueryClient();
    client.mount();
    client.unmount();
    await lazy.loadQueryClient();
    client.getQueryCache();
    expect(focusManager.hasListeners()).toBe(false);
  });
});

describe('loadQueryClientFor', () => {
  it('loads nothing for the login page', async () => {
    const client = lazy.createLazyQueryClient();
    await lazy.loadQueryClientFor('/login/');
    await lazy.loadQueryClientFor('/login');
    expect(() => client.getQueryCache()).toThrow();
  });

  it('loads the client for every other page', async () => {
    for (const pathname of ['/', '/register/', '/dashboard/organizer/', '/login-help']) {
      vi.resetModules();
      lazy = await import('./lazy-query-client');
      const client = lazy.createLazyQueryClient();
      await lazy.loadQueryClientFor(pathname);
      expect(client.getQueryCache().getAll(), pathname).toEqual([]);
    }
  });
});
