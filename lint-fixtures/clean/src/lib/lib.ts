export const lib = 1;
