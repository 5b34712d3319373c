import { b } from '../b/b';

export const a = b;
