/** A service the node needs besides its engines, asked on every readiness probe. e.g. `{ name: 'redis', up: () => ... }` */
export interface ReadinessCheck {
  name: string;
  up(): Promise<boolean>;
}

/** Injection token of the readiness checks (the job queue's store, with Redis). */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
