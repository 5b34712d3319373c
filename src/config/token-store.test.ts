// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createTokenStore } from './token-store';

const KEY = 'location-metrics.token';

/** Replaces `window.sessionStorage` for one test, as a browser that blocks it (or a full quota) does. */
function stubSessionStorage(get: () => Storage) {
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(get);
}

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('tokenStore with a working sessionStorage', () => {
  it('keeps the trimmed token in sessionStorage only, never in localStorage', () => {
    const store = createTokenStore();
    store.set('  typed-token \n');
    expect(store.get()).toBe('typed-token');
    expect(sessionStorage.getItem(KEY)).toBe('typed-token');
    expect(localStorage.length).toBe(0);
  });

  it('finds the token again after a reload of the tab', () => {
    createTokenStore().set('typed-token');
    expect(createTokenStore().get()).toBe('typed-token');
  });

  it('forgets the token on clear, in this page and after a reload', () => {
    const store = createTokenStore();
    store.set('typed-token');
    store.clear();
    expect(store.get()).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(createTokenStore().get()).toBeNull();
  });

  it('tells subscribers when the token is set or cleared, until they unsubscribe', () => {
    const store = createTokenStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('typed-token');
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set('again');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('tokenStore when sessionStorage cannot be used', () => {
  it('keeps the token in memory when reading sessionStorage itself throws (SecurityError)', () => {
    stubSessionStorage(() => {
      throw securityError();
    });
    const store = createTokenStore();
    expect(store.get()).toBeNull();
    expect(() => store.set('typed-token')).not.toThrow();
    expect(store.get()).toBe('typed-token');
    expect(() => store.clear()).not.toThrow();
    expect(store.get()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the token in memory when setItem throws (QuotaExceededError), over an older stored one', () => {
    sessionStorage.setItem(KEY, 'older-token');
    const real = sessionStorage;
    stubSessionStorage(
      () =>
        ({
          getItem: (key: string) => real.getItem(key),
          setItem: () => {
            throw new DOMException('Quota exceeded', 'QuotaExceededError');
          },
          removeItem: () => {
            throw securityError();
          },
        }) as unknown as Storage,
    );
    const store = createTokenStore();
    expect(store.get()).toBe('older-token');
    expect(() => store.set('typed-token')).not.toThrow();
    expect(store.get()).toBe('typed-token');
    expect(() => store.clear()).not.toThrow();
    expect(store.get()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('never throws when getItem throws', () => {
    stubSessionStorage(
      () =>
        ({
          getItem: () => {
            throw securityError();
          },
        }) as unknown as Storage,
    );
    expect(createTokenStore().get()).toBeNull();
  });
});
