/**
 * Affine transforms as PDF writes them: [a b c d e f] maps (x, y) to
 * (a·x + c·y + e, b·x + d·y + f). Angles are in degrees, anticlockwise, as
 * the reference's stamps and watermarks turn.
 */

export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The transform that applies `first`, then `then` (PDF's `first then cm` order). */
export function compose(first: Matrix, then: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = then;
  return [a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2, e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2];
}

export function translation(x: number, y: number): Matrix {
  return [1, 0, 0, 1, x, y];
}

export function scaling(x: number, y: number): Matrix {
  return [x, 0, 0, y, 0, 0];
}

/** Turns by `degrees` anticlockwise about (x, y). */
export function rotationAbout(degrees: number, x: number, y: number): Matrix {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return compose(compose(translation(-x, -y), [cos, sin, -sin, cos, 0, 0]), translation(x, y));
}

/** Where `matrix` takes the point (x, y). */
export function apply(matrix: Matrix, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** Width and height of the upright box around a w × h box turned by `degrees`. */
export function rotatedExtent(width: number, height: number, degrees: number): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: width * cos + height * sin, height: width * sin + height * cos };
}
