import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { opensslReasons, type CheckResult } from './openssl';
import { EngineFailedError, runProcess, type EngineOptions } from './process';

/**
 * OpenSSL's `ts -verify`: checks an RFC 3161 timestamp response against the
 * query it answers (status granted, the same message imprint and nonce) and
 * the authority's signature and certificate: the path to one of `anchors` and
 * the critical extendedKeyUsage timeStamping that RFC 3161 §2.3 requires of
 * a TSA certificate. The response is the authority's, untrusted: it is read
 * here, confined like any document.
 */

export interface TimestampCheck {
  /** The DER query sent (TimeStampReq). */
  query: string;
  /** The DER response received (TimeStampResp). */
  response: string;
  /** The trust anchors, PEM. */
  anchors: string;
  /** Files outside the job's folder OpenSSL reads (the operator's anchors, the system's trust store). */
  readable?: readonly string[];
}

export async function verifyTimestampResponse(check: TimestampCheck, options: EngineOptions): Promise<CheckResult> {
  // `openssl ts` loads a configuration file in every mode; the system's is not inside the sandbox, and verifying needs none.
  const config = join(options.folder, 'openssl-ts.cnf');
  await writeFile(config, '');
  try {
    await runProcess('openssl', ['ts', '-verify', '-config', config, '-queryfile', check.query, '-in', check.response, '-CAfile', check.anchors], {
      ...options,
      readable: check.readable,
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof EngineFailedError)) throw error;
    const verifyError = /Verify error:\s*(.*)/.exec(error.stderr)?.[1]?.trim();
    const reasons = opensslReasons(error.stderr).filter((reason) => reason !== 'certificate verify error');
    return { ok: false, error: [verifyError, ...reasons].filter(Boolean).join('; ') || error.stderr.trim().split('\n').slice(-1)[0] };
  }
}
