/** A colour as engines take it: red, green and blue from 0 to 1. e.g. [1, 0, 0] */
export type Rgb = readonly [number, number, number];
