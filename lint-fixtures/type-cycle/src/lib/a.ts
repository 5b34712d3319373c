import type { B } from './b';

export interface A {
  b: B;
}
