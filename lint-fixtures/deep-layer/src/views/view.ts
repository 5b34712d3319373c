export const view = 'v';
