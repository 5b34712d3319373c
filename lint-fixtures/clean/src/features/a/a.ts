import { view } from '../../views/view';

export const feature = view;
