import { lib } from '../lib/lib';

export const view = lib;
