import { view } from '../../../views/view';

export const deep = view;
