import { addressKey } from '../http/client-address';

/** Shared with the other per-client limits; exported here too, where the contact spec reads it. */
export { addressKey };

export interface ContactLimits {
  /** Messages one client address may send per `addressWindowMs`. */
  maxPerAddress: number;
  addressWindowMs: number;
  /** Messages accepted per hour from everyone together. */
  maxPerHour: number;
  /** Addresses remembered at once; past that the longest-tracked is forgotten. */
  maxTrackedAddresses: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: 'address' | 'everyone' };

const HOUR_MS = 60 * 60_000;

/**
 * Sliding-window counts of accepted contact messages, per client address and
 * for everyone. Memory stays bounded: each address keeps at most
 * `maxPerAddress` times, everyone at most `maxPerHour`, expired times are
 * dropped as they are met, and at most `maxTrackedAddresses` addresses are kept.
 * Forgetting an address under that cap resets its count, but the hourly total
 * still holds.
 */
export class ContactRateLimit {
  /** Times of accepted messages, oldest first. Map order: first tracked first. */
  private readonly byAddress = new Map<string, number[]>();
  private readonly everyone: number[] = [];

  constructor(
    private readonly limits: ContactLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get trackedAddresses(): number {
    return this.byAddress.size;
  }

  /** Counts a message from `clientAddress` if both limits allow it; otherwise says when to retry. */
  take(clientAddress: string): RateDecision {
    const now = this.now();
    const key = addressKey(clientAddress);
    const mine = dropExpired(this.byAddress.get(key) ?? [], now - this.limits.addressWindowMs);
    dropExpired(this.everyone, now - HOUR_MS);

    const waits: { seconds: number; reason: 'address' | 'everyone' }[] = [];
    if (mine.length >= this.limits.maxPerAddress) waits.push({ seconds: secondsUntil(mine[0] + this.limits.addressWindowMs, now), reason: 'address' });
    if (this.everyone.length >= this.limits.maxPerHour) waits.push({ seconds: secondsUntil(this.everyone[0] + HOUR_MS, now), reason: 'everyone' });
    if (waits.length > 0) {
      const longest = waits.reduce((a, b) => (b.seconds > a.seconds ? b : a));
      return { allowed: false, retryAfterSeconds: longest.seconds, reason: longest.reason };
    }

    mine.push(now);
    this.everyone.push(now);
    this.byAddress.delete(key);
    this.byAddress.set(key, mine);
    this.forgetBeyondCap(now);
    return { allowed: true };
  }

  private forgetBeyondCap(now: number): void {
    if (this.byAddress.size <= this.limits.maxTrackedAddresses) return;
    const cutoff = now - this.limits.addressWindowMs;
    for (const [key, times] of this.byAddress) {
      if (dropExpired(times, cutoff).length === 0) this.byAddress.delete(key);
    }
    for (const key of this.byAddress.keys()) {
      if (this.byAddress.size <= this.limits.maxTrackedAddresses) break;
      this.byAddress.delete(key);
    }
  }
}

/** Removes times at or before `cutoff` from the front (times are in order); returns the same array. */
function dropExpired(times: number[], cutoff: number): number[] {
  let expired = 0;
  while (expired < times.length && times[expired] <= cutoff) expired++;
  if (expired > 0) times.splice(0, expired);
  return times;
}

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}
