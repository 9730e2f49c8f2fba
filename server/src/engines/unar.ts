import { EngineFailedError, runProcess, type EngineOptions } from './process';

/**
 * The Unarchiver's command-line tools (Debian's unar): `lsar` lists an archive,
 * `unar` unpacks it. They read RAR 1.5 to 5 (the reference's junrar stops at
 * RAR 4), in the job's sandbox like every engine: no network, only the job's
 * folder writable, so a malicious archive's worst is failing its own job.
 */

const LSAR = '/usr/bin/lsar';
const UNAR = '/usr/bin/unar';
const PRLIMIT = '/usr/bin/prlimit';

/** Time to start and read an archive's headers, and the time each entry adds. */
const BASE_MS = 15_000;
const MS_PER_ENTRY = 20;
/** Time each megabyte unpacked adds (unar inflates some 50 MB a second of the densest RAR). */
const MS_PER_MEGABYTE = 100;

/** One entry of an archive as lsar lists it. */
export interface ArchiveEntry {
  /** lsar's number for it, which `unpackEntries` takes. */
  index: number;
  /** Its path inside the archive, as stored. e.g. 'Vol 1/page 2.jpg' */
  name: string;
  /** Bytes once unpacked, as the archive declares. */
  size: number;
  isFolder: boolean;
  /** A symbolic or hard link, or a Mac resource fork: never a page. */
  isSpecial: boolean;
  isEncrypted: boolean;
}

export interface ArchiveListing {
  /** e.g. 'RAR', 'RAR 5' */
  format: string;
  entries: ArchiveEntry[];
  /** The archive says its file names or data are encrypted. */
  isEncrypted: boolean;
  /** The archive is one part of several (a `.part1.rar`). */
  isMultiVolume: boolean;
}

/** lsar or unar cannot read the archive (damaged, truncated, or not an archive at all); `reason` is theirs. */
export class UnreadableArchiveError extends Error {
  constructor(readonly reason: string) {
    super(`The archive could not be read: ${reason}`);
    this.name = 'UnreadableArchiveError';
  }
}

/** The archive needs a password to list or unpack. */
export class EncryptedArchiveError extends Error {
  constructor() {
    super('The archive is encrypted');
    this.name = 'EncryptedArchiveError';
  }
}

interface LsarJson {
  lsarError?: number;
  lsarFormatName?: string;
  lsarProperties?: { XADIsEncrypted?: number; XADVolumes?: string[] };
  lsarContents?: {
    XADIndex: number;
    XADFileName: string;
    XADFileSize?: number;
    XADIsDirectory?: number;
    XADIsLink?: number;
    XADIsHardLink?: number;
    XADIsResourceFork?: number;
    XADIsEncrypted?: number;
  }[];
}

/**
 * Lists `archive` without unpacking anything. The archive should be alone in
 * its folder: unar looks beside it for the other parts of a multi-volume set.
 */
export async function listArchive(archive: string, options: EngineOptions): Promise<ArchiveListing> {
  // -nr: an archive inside the archive is an entry like any other, never opened.
  const result = await runProcess(LSAR, ['-j', '-nr', archive], { ...options, okExitCodes: [0, 1, 2], watchdogMs: BASE_MS, maxBuffer: 32 * 1024 * 1024 });
  let json: LsarJson;
  try {
    json = JSON.parse(result.stdout) as LsarJson;
  } catch {
    throw new UnreadableArchiveError(firstLine(result.stderr) || 'lsar gave no listing');
  }
  if (/password/i.test(result.stderr)) throw new EncryptedArchiveError();
  if (result.exitCode !== 0 || json.lsarError) throw new UnreadableArchiveError(firstLine(result.stderr) || `lsar error ${json.lsarError ?? result.exitCode}`);
  const entries = (json.lsarContents ?? []).map((entry) => ({
    index: entry.XADIndex,
    name: entry.XADFileName,
    size: entry.XADFileSize ?? 0,
    isFolder: entry.XADIsDirectory === 1,
    isSpecial: entry.XADIsLink === 1 || entry.XADIsHardLink === 1 || entry.XADIsResourceFork === 1,
    isEncrypted: entry.XADIsEncrypted === 1,
  }));
  return {
    format: json.lsarFormatName ?? 'unknown',
    entries,
    isEncrypted: json.lsarProperties?.XADIsEncrypted === 1 || entries.some((entry) => entry.isEncrypted),
    isMultiVolume: (json.lsarProperties?.XADVolumes?.length ?? 1) > 1,
  };
}

/**
 * Unpacks the entries numbered `indexes` into `folder` (made for engines, empty).
 * No file may grow past `maxFileBytes` (RLIMIT_FSIZE: a header that understates
 * an entry's size cannot fill the disk), resource forks are dropped, and
 * archives inside are left packed.
 */
export async function unpackEntries(
  archive: string,
  indexes: readonly number[],
  folder: string,
  limits: { maxFileBytes: number; totalBytes: number },
  options: EngineOptions,
): Promise<void> {
  if (indexes.length === 0) return;
  const watchdogMs = BASE_MS + indexes.length * MS_PER_ENTRY + Math.ceil(limits.totalBytes / 1024 / 1024) * MS_PER_MEGABYTE;
  try {
    const result = await runProcess(
      PRLIMIT,
      [`--fsize=${limits.maxFileBytes}`, '--', UNAR, '-q', '-nr', '-D', '-f', '-k', 'skip', '-o', folder, '-i', archive, ...indexes.map(String)],
      { ...options, watchdogMs, okExitCodes: [0, 1, 2] },
    );
    if (/password/i.test(result.stderr)) throw new EncryptedArchiveError();
    if (result.exitCode !== 0) throw new UnreadableArchiveError(firstLine(result.stderr) || `unar exit ${result.exitCode}`);
  } catch (error) {
    if (error instanceof EngineFailedError) throw new UnreadableArchiveError(firstLine(error.stderr) || `unar exit ${error.exitCode ?? 'signal'}`);
    throw error;
  }
}

/** The first line of an engine's complaint, without paths (a job folder's name is nobody's business). */
function firstLine(stderr: string): string {
  const line = stderr.trim().split('\n')[0] ?? '';
  return line.replace(/\/\S+/g, 'the file').trim();
}
