// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useSameItems } from './use-same-items';

describe('useSameItems', () => {
  it('keeps the array while its items are the same, and takes a new one when they change', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const { result, rerender } = renderHook(({ items }) => useSameItems(items), { initialProps: { items: [a, b] } });
    const first = result.current;
    rerender({ items: [a, b] });
    expect(result.current).toBe(first);
    const changed = [a, { id: 3 }];
    rerender({ items: changed });
    expect(result.current).toBe(changed);
    rerender({ items: [changed[0]!, changed[1]!] });
    expect(result.current).toBe(changed);
    rerender({ items: [a] });
    expect(result.current).toEqual([a]);
  });
});
