import type { A } from './a';

export interface B {
  a?: A;
}
