import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * For the specs: what qpdf and Poppler, readers independent of the code that
 * encrypted a file, say about its encryption.
 */

/** What a reader opening with the user password may do, as `qpdf --show-encryption` lists it. */
export interface Capabilities {
  'extract for accessibility': boolean;
  'extract for any purpose': boolean;
  'print low resolution': boolean;
  'print high resolution': boolean;
  'modify document assembly': boolean;
  'modify forms': boolean;
  'modify annotations': boolean;
  'modify other': boolean;
}

/** Every capability allowed: a file with no restrictions. */
export const ALL_ALLOWED: Capabilities = {
  'extract for accessibility': true,
  'extract for any purpose': true,
  'print low resolution': true,
  'print high resolution': true,
  'modify document assembly': true,
  'modify forms': true,
  'modify annotations': true,
  'modify other': true,
};

/** Every capability allowed but the ones named. */
export const allowedExcept = (...denied: (keyof Capabilities)[]): Capabilities =>
  Object.fromEntries(Object.entries(ALL_ALLOWED).map(([name]) => [name, !denied.includes(name as keyof Capabilities)])) as unknown as Capabilities;

export interface EncryptionReport {
  /** Security handler revision: 2 (RC4 40), 3 (RC4 128), 4 (AES-128), 6 (AES-256). */
  revision: number;
  /** Key length in bits. */
  bits: number;
  /** e.g. 'AESv3', 'AESv2', 'RC4' */
  streamMethod: string;
  /** The password given opened the file as its user, as its owner. */
  userPasswordMatched: boolean;
  ownerPasswordMatched: boolean;
  capabilities: Capabilities;
}

function withFile<T>(pdf: Buffer, work: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'folio-encryption-'));
  try {
    const path = join(dir, 'x.pdf');
    writeFileSync(path, pdf);
    return work(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs qpdf with `password` given through a file (it may start with "-"); answers stdout and the exit code. */
function qpdf(pdf: Buffer, args: string[], password?: string): { stdout: string; stderr: string; status: number } {
  return withFile(pdf, (path, dir) => {
    const passwordArgs = password === undefined ? [] : [`--password-file=${join(dir, 'password')}`];
    if (password !== undefined) writeFileSync(join(dir, 'password'), `${password}\n`);
    const run = spawnSync('qpdf', [...passwordArgs, ...args, path], { encoding: 'utf8' });
    return { stdout: run.stdout, stderr: run.stderr, status: run.status ?? -1 };
  });
}

/**
 * `qpdf --show-encryption` opening the file with `password` (none: the empty one).
 * Throws when the password opens it neither as user nor as owner.
 */
export function showEncryption(pdf: Buffer, password?: string): EncryptionReport {
  const shown = qpdf(pdf, ['--show-encryption'], password);
  if (shown.status !== 0 && shown.status !== 3) throw new Error(`qpdf --show-encryption failed (${shown.status}): ${shown.stderr.trim()}`);
  if (/File is not encrypted/.test(shown.stdout)) throw new Error('qpdf --show-encryption: the file is not encrypted');
  // qpdf still lists the encryption parameters, readable without the key.
  if (/Incorrect password supplied/.test(shown.stdout)) throw new Error('qpdf --show-encryption: incorrect password supplied');
  const line = (label: string) => new RegExp(`^${label}: (.*)$`, 'm').exec(shown.stdout)?.[1];
  const allowed = (label: keyof Capabilities) => {
    const value = line(label);
    if (value !== 'allowed' && value !== 'not allowed') throw new Error(`qpdf --show-encryption printed no "${label}" line:\n${shown.stdout}`);
    return value === 'allowed';
  };
  const labels: (keyof Capabilities)[] = [
    'extract for accessibility',
    'extract for any purpose',
    'print low resolution',
    'print high resolution',
    'modify document assembly',
    'modify forms',
    'modify annotations',
    'modify other',
  ];
  // The key length is not in the text report; qpdf's JSON has it.
  const json = JSON.parse(qpdf(pdf, ['--json=2', '--json-key=encrypt'], password).stdout) as {
    encrypt: { parameters: { bits: number; streammethod: string } };
  };
  return {
    revision: Number(/^R = (\d+)$/m.exec(shown.stdout)?.[1]),
    bits: json.encrypt.parameters.bits,
    streamMethod: json.encrypt.parameters.streammethod,
    userPasswordMatched: /Supplied password is user password/.test(shown.stdout),
    ownerPasswordMatched: /Supplied password is owner password/.test(shown.stdout),
    capabilities: Object.fromEntries(labels.map((label) => [label, allowed(label)])) as unknown as Capabilities,
  };
}

/** `qpdf --requires-password`: 'password' (a user password is needed), 'restrictions-only' (encrypted, opens without) or 'none'. */
export function passwordNeed(pdf: Buffer): 'password' | 'restrictions-only' | 'none' {
  const { status } = qpdf(pdf, ['--requires-password']);
  if (status === 0) return 'password';
  if (status === 3) return 'restrictions-only';
  if (status === 2) return 'none';
  throw new Error(`qpdf --requires-password answered ${status}`);
}

/** The text Poppler's pdftotext reads with `password` as user password, or undefined when Poppler cannot open the file. */
export function popplerText(pdf: Buffer, password?: string): string | undefined {
  return withFile(pdf, (path) => {
    try {
      return execFileSync('pdftotext', [...(password === undefined ? [] : ['-upw', password]), path, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return undefined;
    }
  });
}

/**
 * Encrypts with qpdf directly (AES-256), the passwords in a job file: unlike a
 * command line, it takes passwords that start with "-".
 */
export function encryptWithQpdf(pdf: Buffer, userPassword: string, ownerPassword = 'owner-secret'): Buffer {
  return withFile(pdf, (path, dir) => {
    const output = join(dir, 'out.pdf');
    writeFileSync(join(dir, 'job.json'), JSON.stringify({ inputFile: path, outputFile: output, encrypt: { userPassword, ownerPassword, '256bit': {} } }));
    execFileSync('qpdf', [`--job-json-file=${join(dir, 'job.json')}`]);
    return readFileSync(output);
  });
}
