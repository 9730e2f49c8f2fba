import { rm } from 'node:fs/promises';
import { EngineFailedError, runProcess, type EngineOptions } from '../process';
import { writeForEngines } from '../confinement';
import { OK, PRESERVE_STREAMS, type PasswordFile, QPDF, classify, passwordArgs, run } from './qpdf-process';

/** qpdf's encryption: whether a file is encrypted, decrypting it, encrypting it with a password and permissions. */

/** True when the file is encrypted (even with an empty user password). */
export async function isEncrypted(path: string, options: EngineOptions): Promise<boolean> {
  // qpdf --is-encrypted answers through its exit code: 0 encrypted, 2 not.
  const { exitCode } = await runProcess(QPDF, ['--is-encrypted', path], { ...options, okExitCodes: [0, 2] });
  return exitCode === 0;
}

/** Writes an unencrypted copy; the file must open with the given password, or without one. */
export async function decrypt(input: string, output: string, options: EngineOptions, password?: PasswordFile): Promise<void> {
  await run([PRESERVE_STREAMS, ...passwordArgs(password), input, '--decrypt', output], options);
}

/**
 * The standard security handlers qpdf writes: `rc4-40` is revision 2, `rc4-128`
 * revision 3, `aes-128` revision 4 (AESV2), `aes-256` revision 6 (AESV3).
 */
export type EncryptionCipher = 'rc4-40' | 'rc4-128' | 'aes-128' | 'aes-256';

/** What a reader opening with the user password may do (the owner password may do everything). */
export interface EncryptionPermissions {
  print: 'full' | 'low' | 'none';
  /** Changes other than assembly, forms and annotations (qpdf's --modify-other; revision 2's --modify). */
  modifyOther: boolean;
  annotate: boolean;
  fillForms: boolean;
  assemble: boolean;
  extract: boolean;
  /**
   * Text extraction for accessibility tools. Only the RC4 formats can refuse it:
   * PDF 2.0 retired the bit, and qpdf always sets it for AES.
   */
  accessibility: boolean;
}

export interface EncryptionSettings {
  /** Opens the document; '' lets anyone open it. */
  userPassword: string;
  /** Opens it with every permission. Not '' with a user password: that would open it without one. */
  ownerPassword: string;
  cipher: EncryptionCipher;
  allow: EncryptionPermissions;
}

/** A password that a 40- or 128-bit format cannot store (only PDFDocEncoding characters fit). */
export class PasswordNotEncodableError extends Error {
  constructor() {
    super('The password has characters that 40-bit and 128-bit encryption cannot store');
    this.name = 'PasswordNotEncodableError';
  }
}

/** qpdf job JSON's key for each format, and the settings that choose the cipher within it. */
const CIPHER_JOB: Record<EncryptionCipher, { key: '40bit' | '128bit' | '256bit'; options: Record<string, string> }> = {
  'rc4-40': { key: '40bit', options: {} },
  'rc4-128': { key: '128bit', options: { useAes: 'n' } },
  'aes-128': { key: '128bit', options: { useAes: 'y' } },
  'aes-256': { key: '256bit', options: {} },
};

const yn = (allowed: boolean) => (allowed ? 'y' : 'n');

function permissionOptions(cipher: EncryptionCipher, allow: EncryptionPermissions): Record<string, string> {
  if (cipher === 'rc4-40') {
    // Revision 2 has four permission bits; the rest need revision 3 (rc4-128 or better).
    if (allow.print === 'low' || !allow.fillForms || !allow.assemble || !allow.accessibility) {
      throw new Error('encrypt: rc4-40 carries only print, modify, extract and annotate restrictions; choose rc4-128 for the others.');
    }
    // qpdf 11's job JSON checks 40bit print and modify against the 128-bit choices,
    // then reads any value as "restrict": they are given only to restrict.
    return {
      ...(allow.print === 'full' ? {} : { print: 'none' }),
      ...(allow.modifyOther ? {} : { modify: 'none' }),
      extract: yn(allow.extract),
      annotate: yn(allow.annotate),
    };
  }
  return {
    print: allow.print,
    modifyOther: yn(allow.modifyOther),
    annotate: yn(allow.annotate),
    form: yn(allow.fillForms),
    assemble: yn(allow.assemble),
    extract: yn(allow.extract),
    // qpdf ignores the accessibility bit for AES, with a warning: PDF 2.0 says writers always set it.
    ...(cipher === 'rc4-128' ? { accessibility: yn(allow.accessibility) } : {}),
  };
}

/**
 * Writes `output` as `input` encrypted (any encryption the input had is replaced;
 * it must open without a password). qpdf takes the whole job from `jobFile`, a
 * qpdf job JSON file written only readable by us in the job's folder and removed
 * after the run: the passwords never show on a command line, and as JSON strings
 * they may be anything (an @file's lines would misread a password starting with
 * "-"). Passwords are read as Unicode; for the 40- and 128-bit formats they must
 * fit PDFDocEncoding, or PasswordNotEncodableError.
 */
export async function encrypt(input: string, output: string, settings: EncryptionSettings, jobFile: string, options: EngineOptions): Promise<void> {
  const { userPassword, ownerPassword, cipher, allow } = settings;
  const format = CIPHER_JOB[cipher];
  const job = {
    inputFile: input,
    outputFile: output,
    streamData: 'preserve',
    passwordMode: 'unicode',
    ...(cipher.startsWith('rc4') ? { allowWeakCrypto: '' } : {}),
    encrypt: { userPassword, ownerPassword, [format.key]: { ...format.options, ...permissionOptions(cipher, allow) } },
  };
  await writeForEngines(jobFile, JSON.stringify(job));
  try {
    await runProcess(QPDF, [`--job-json-file=${jobFile}`], { ...options, okExitCodes: OK });
  } catch (error) {
    if (error instanceof EngineFailedError && /cannot be encoded/i.test(error.stderr)) throw new PasswordNotEncodableError();
    throw classify(error);
  } finally {
    await rm(jobFile, { force: true });
  }
}
