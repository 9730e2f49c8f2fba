import { EngineFailedError, runProcess, type EngineOptions, type RunResult } from './process';

/**
 * OpenSSL's command-line tool: key stores, private keys and certificates read,
 * CMS signatures made and checked, certificate chains verified. Secrets never
 * travel as arguments: every password is read from a file in the job's folder
 * (`-passin file:`, `-passout file:`), whose first line OpenSSL takes. One
 * file given for both is read line by line (the second line is the output's):
 * give each its own.
 */

const OPENSSL = 'openssl';

/** Why OpenSSL could not read key material it was given. */
export type KeyMaterialProblem = 'wrong-password' | 'unreadable' | 'unknown-alias';

/** Key material (a key store, a private key, a certificate) OpenSSL could not read. */
export class KeyMaterialError extends Error {
  constructor(
    readonly problem: KeyMaterialProblem,
    detail: string,
  ) {
    super(`OpenSSL could not read the key material (${problem}): ${detail}`);
    this.name = 'KeyMaterialError';
  }
}

/** What OpenSSL said last: its error lines name the reason (`...:bad decrypt:...`). */
function lastLines(stderr: string, count = 3): string {
  return stderr.trim().split('\n').slice(-count).join(' | ');
}

/** The reason texts of OpenSSL's error lines (`4077..:error:1C800064:Provider routines::bad decrypt:...` → 'bad decrypt'). */
export function opensslReasons(stderr: string): string[] {
  const reasons: string[] = [];
  for (const line of stderr.split('\n')) {
    const match = /:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+)/.exec(line);
    if (match && !reasons.includes(match[1])) reasons.push(match[1]);
  }
  return reasons;
}

async function run(args: readonly string[], options: EngineOptions): Promise<RunResult> {
  return runProcess(OPENSSL, args, options);
}

/** Runs a command that reads key material; its failures are the material's (or its password's) fault. */
async function readMaterial(args: readonly string[], options: EngineOptions): Promise<RunResult> {
  try {
    return await run(args, options);
  } catch (error) {
    if (!(error instanceof EngineFailedError)) throw error;
    const reasons = opensslReasons(error.stderr);
    const wrongPassword =
      /mac verify error|invalid password/i.test(error.stderr) || reasons.some((r) => /bad decrypt|maybe wrong password|bad password read/i.test(r));
    throw new KeyMaterialError(wrongPassword ? 'wrong-password' : 'unreadable', lastLines(error.stderr));
  }
}

/** OpenSSL 3 keeps RC2 and DES, which older PKCS#12 files (and Windows exports) use, in its legacy provider. */
const needsLegacyProvider = (error: unknown) => error instanceof KeyMaterialError && /unsupported/i.test(error.message);

/**
 * Runs a `pkcs12` command, again with the legacy provider when the store uses
 * algorithms OpenSSL 3 no longer loads by default.
 */
async function readPkcs12(args: readonly string[], options: EngineOptions): Promise<RunResult> {
  try {
    return await readMaterial(['pkcs12', ...args], options);
  } catch (error) {
    if (!needsLegacyProvider(error)) throw error;
    return readMaterial(['pkcs12', '-legacy', ...args], options);
  }
}

/**
 * Writes the private keys of a PKCS#12 store to `output` as PEM, each with its
 * bag attributes (friendlyName, localKeyID) and encrypted (AES-256) with the
 * password in `outputPasswordFile`: the key never lies on disk in the clear.
 * An output without keys means the store holds none.
 */
export async function exportPkcs12Keys(
  store: string,
  storePasswordFile: string,
  output: string,
  outputPasswordFile: string,
  options: EngineOptions,
): Promise<void> {
  await readPkcs12(['-in', store, '-passin', `file:${storePasswordFile}`, '-nocerts', '-passout', `file:${outputPasswordFile}`, '-out', output], options);
}

/** Writes the certificates of a PKCS#12 store to `output` as PEM, each with its bag attributes. */
export async function exportPkcs12Certificates(store: string, storePasswordFile: string, output: string, options: EngineOptions): Promise<void> {
  await readPkcs12(['-in', store, '-passin', `file:${storePasswordFile}`, '-nokeys', '-out', output], options);
}

/**
 * Reads a private key (PEM or DER; PKCS#1, PKCS#8, SEC1; encrypted or not, with
 * the password in `passwordFile`, which may be empty) and writes it as PEM
 * PKCS#8 encrypted with the password in `outputPasswordFile`.
 */
export async function convertPrivateKey(
  input: string,
  passwordFile: string,
  output: string,
  outputPasswordFile: string,
  options: EngineOptions,
): Promise<void> {
  await readMaterial(['pkey', '-in', input, '-passin', `file:${passwordFile}`, '-aes256', '-passout', `file:${outputPasswordFile}`, '-out', output], options);
}

/** The public key of a private key, as PEM (SubjectPublicKeyInfo). */
export async function publicKeyOf(key: string, passwordFile: string, options: EngineOptions): Promise<string> {
  return (await readMaterial(['pkey', '-in', key, '-passin', `file:${passwordFile}`, '-pubout'], options)).stdout;
}

/** Writes a certificate (PEM or DER) as PEM. */
export async function certificateToPem(input: string, output: string, options: EngineOptions): Promise<void> {
  await readMaterial(['x509', '-in', input, '-out', output], options);
}

export interface CmsSignRequest {
  /** The bytes to sign (a PDF's byte ranges, joined). */
  content: string;
  /** The signer's certificate, PEM. */
  signer: string;
  /** Its private key, PEM, opened with the password in `keyPasswordFile`. */
  key: string;
  keyPasswordFile: string;
  /** Further certificates to embed (the chain), PEM; none when undefined. */
  chain?: string;
  /** Where the DER SignedData goes. */
  output: string;
}

/**
 * A detached CMS signature (SignedData, SHA-256) over `content`, with the
 * signer's certificate and chain embedded and the usual signed attributes
 * (content type, signing time, message digest), as PDF's adbe.pkcs7.detached
 * and ETSI.CAdES.detached signatures carry them.
 */
export async function signDetached(request: CmsSignRequest, options: EngineOptions): Promise<void> {
  await readMaterial(
    [
      'cms',
      '-sign',
      '-binary',
      '-md',
      'sha256',
      '-nosmimecap',
      '-in',
      request.content,
      '-signer',
      request.signer,
      '-inkey',
      request.key,
      '-passin',
      `file:${request.keyPasswordFile}`,
      ...(request.chain ? ['-certfile', request.chain] : []),
      '-outform',
      'DER',
      '-out',
      request.output,
    ],
    options,
  );
}

/** The outcome of a check: passed, or failed with OpenSSL's reason. */
export interface CheckResult {
  ok: boolean;
  /** OpenSSL's reason for a failure. e.g. 'digest failure' */
  error?: string;
}

/**
 * Checks a CMS signature (DER) over `content` (detached) or over what it
 * encapsulates (`content` undefined): signed attributes, message digest and
 * signature. Certificates are not judged here (`verifyCertificate` does that).
 */
export async function verifyCmsSignature(signature: string, content: string | undefined, options: EngineOptions): Promise<CheckResult> {
  try {
    await run(
      ['cms', '-verify', '-binary', '-noverify', '-inform', 'DER', '-in', signature, ...(content ? ['-content', content] : []), '-out', '/dev/null'],
      options,
    );
    return { ok: true };
  } catch (error) {
    if (!(error instanceof EngineFailedError)) throw error;
    const reasons = opensslReasons(error.stderr);
    return { ok: false, error: reasons.length > 0 ? reasons.join('; ') : lastLines(error.stderr, 1) };
  }
}

export interface ChainRequest {
  /** The certificate to verify, PEM. */
  certificate: string;
  /** Certificates that may complete the path, untrusted (those the signature carries), PEM. */
  untrusted?: string;
  /** The trust anchors, PEM: any of them may end the path (self-signed or not). */
  anchors: string;
  /** The time to verify at, in ms since the epoch. */
  at: number;
  /** Files outside the job's folder OpenSSL reads (the system's trust store). */
  readable?: readonly string[];
}

export interface ChainResult extends CheckResult {
  /** Certificates in the path built, the anchor included. */
  length?: number;
}

/**
 * Builds and checks a certificate path from `certificate` to one of `anchors`
 * at a given time (validity, signatures, CA constraints), as PKIX does.
 */
export async function verifyCertificate(request: ChainRequest, options: EngineOptions): Promise<ChainResult> {
  const args = [
    'verify',
    '-show_chain',
    '-partial_chain',
    '-attime',
    String(Math.floor(request.at / 1000)),
    '-CAfile',
    request.anchors,
    ...(request.untrusted ? ['-untrusted', request.untrusted] : []),
    request.certificate,
  ];
  try {
    const { stdout } = await runProcess(OPENSSL, args, { ...options, readable: request.readable });
    return { ok: true, length: (stdout.match(/^depth=\d+:/gm) ?? []).length };
  } catch (error) {
    if (!(error instanceof EngineFailedError)) throw error;
    const text = `${error.stderr}\n`;
    const reason = /error \d+ at \d+ depth lookup: ?(.*)/.exec(text)?.[1]?.trim();
    return { ok: false, error: reason ?? lastLines(error.stderr, 1) };
  }
}
