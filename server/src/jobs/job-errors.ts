/**
 * What the queue refuses, said without HTTP: the exception filter
 * (http/api-exception.filter.ts) maps each to its answer (429 with Retry-After).
 */

/** One client address has its share of the job slots (FOLIO_MAX_JOBS_PER_ADDRESS). */
export class ClientShareTakenError extends Error {
  constructor(readonly max: number) {
    super(`The client already has ${max} jobs running or waiting.`);
    this.name = 'ClientShareTakenError';
  }
}

/** Finished results waiting to be downloaded fill a quota (FOLIO_MAX_RESULTS_MB*): the address's or the server's. */
export class ResultQuotaReachedError extends Error {
  constructor(
    readonly scope: 'address' | 'server',
    readonly limitBytes: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`The ${scope}'s quota of results kept (${limitBytes} bytes) is reached.`);
    this.name = 'ResultQuotaReachedError';
  }
}
