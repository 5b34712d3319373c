import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out: for the tests of the file that calls it, every element measures as a laptop's table
 * scroller (1200 × 640), which the virtualizer reads from clientWidth and clientHeight.
 */
export function measureAsLaptopTable(): void {
  const saved = {
    width: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!,
    height: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
  };
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
    Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 640 });
  });
  afterAll(() => {
    Object.defineProperty(Element.prototype, 'clientWidth', saved.width);
    Object.defineProperty(Element.prototype, 'clientHeight', saved.height);
  });
}
