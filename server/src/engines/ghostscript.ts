import { constants as fsConstants } from 'node:fs';
import { access, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineFailedError, runProcess, type EngineOptions } from './process';

/**
 * Ghostscript, always with -dSAFER: PostScript is a programming language, and
 * SAFER stops a file from reading, writing or deleting anything outside its job.
 */

const GS = 'gs';
const BASE_ARGS = ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-dQUIET', '-dNOINTERPOLATE'] as const;

/** The PostScript program failed or is not PostScript at all. */
export class PostScriptError extends Error {
  constructor(detail: string) {
    super(`Ghostscript could not read the file: ${detail}`);
    this.name = 'PostScriptError';
  }
}

/** Renders a PostScript file to PDF. Throws PostScriptError when Ghostscript rejects it. */
export async function postScriptToPdf(input: string, output: string, options: EngineOptions): Promise<void> {
  try {
    await runProcess(GS, [...BASE_ARGS, '-sDEVICE=pdfwrite', `-sOutputFile=${output}`, '--', input], options);
  } catch (error) {
    if (error instanceof EngineFailedError) throw new PostScriptError(error.stderr.trim().split('\n')[0] ?? 'unknown error');
    throw error;
  }
}

// ---------------------------------------------------------------- PDF/A and PDF/X

/** What `convertToArchival` writes: PDF/A-1b, 2b or 3b, or PDF/X-3. */
export type ArchivalTarget = { standard: 'pdfa'; part: 1 | 2 | 3 } | { standard: 'pdfx' };

/** No sRGB ICC profile was found on this machine (Ghostscript ships one). */
export class MissingIccProfileError extends Error {
  constructor() {
    super('No sRGB ICC profile is installed (looked in Ghostscript’s iccprofiles and /usr/share/color/icc).');
    this.name = 'MissingIccProfileError';
  }
}

let srgbProfile: Promise<string> | undefined;

/**
 * Where the sRGB profile lies, found once: Ghostscript's own copy under any
 * installed version, else the system colour folder. Not a fixed path, so a
 * Ghostscript upgrade does not break PDF/A.
 */
export function findSrgbProfile(): Promise<string> {
  srgbProfile ??= (async () => {
    const versions = await readdir('/usr/share/ghostscript').catch(() => [] as string[]);
    const candidates = [
      ...versions.sort().reverse().map((version) => join('/usr/share/ghostscript', version, 'iccprofiles', 'srgb.icc')),
      '/usr/share/color/icc/ghostscript/srgb.icc',
      '/usr/share/color/icc/sRGB.icc',
    ];
    for (const candidate of candidates) {
      if (await access(candidate, fsConstants.R_OK).then(() => true, () => false)) return candidate;
    }
    throw new MissingIccProfileError();
  })();
  srgbProfile.catch(() => (srgbProfile = undefined));
  return srgbProfile;
}

/**
 * Rewrites `input` as an archival PDF: colours converted to RGB under an sRGB
 * output intent, every font embedded. `definitionFile` is where the PostScript
 * that adds the output intent is written (inside the job's workspace).
 * PDF/A-1 and PDF/X-3 forbid transparency: Ghostscript flattens such pages into images.
 */
export async function convertToArchival(
  input: string,
  output: string,
  target: ArchivalTarget,
  definitionFile: string,
  options: EngineOptions,
): Promise<void> {
  const profile = await findSrgbProfile();
  await writeFile(definitionFile, outputIntentProgram(profile, target));
  const standardArgs =
    target.standard === 'pdfa'
      ? [`-dPDFA=${target.part}`, '-dPDFACompatibilityPolicy=1', `-dCompatibilityLevel=${target.part === 1 ? '1.4' : '1.7'}`]
      : ['-dPDFX', '-dCompatibilityLevel=1.4'];
  try {
    await runProcess(
      GS,
      [
        ...BASE_ARGS,
        `--permit-file-read=${profile}`,
        '-sDEVICE=pdfwrite',
        ...standardArgs,
        '-sColorConversionStrategy=RGB',
        '-dProcessColorModel=/DeviceRGB',
        '-dEmbedAllFonts=true',
        '-dSubsetFonts=true',
        '-dCompressFonts=true',
        '-dNOSUBSTFONTS=false',
        // Flattened transparency is drawn at this resolution (pdfwrite's default, 720 dpi, makes huge pages).
        '-r300',
        `-sOutputFile=${output}`,
        definitionFile,
        input,
      ],
      options,
    );
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ArchivalConversionError(firstMessage(error.stderr));
    throw error;
  }
}

/** Ghostscript could not rewrite the document (it read it, or tried to, and gave up). */
export class ArchivalConversionError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not convert the document: ${detail}`);
    this.name = 'ArchivalConversionError';
  }
}

/** Ghostscript's first meaningful complaint, for the error message. */
function firstMessage(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return (lines.find((line) => /error/i.test(line)) ?? lines[0] ?? 'unknown error').slice(0, 300);
}

/**
 * The pdfmark program that embeds the ICC profile and points the catalogue's
 * /OutputIntents at it (GTS_PDFA1 for PDF/A, GTS_PDFX plus the version key for PDF/X).
 */
function outputIntentProgram(profile: string, target: ArchivalTarget): string {
  const pdfx = target.standard === 'pdfx';
  return [
    '% Output intent for an archival PDF: the sRGB profile, embedded as a stream.',
    `/FolioProfile (${postScriptString(profile)}) (r) file def`,
    '[/_objdef {folio_icc} /type /stream /OBJ pdfmark',
    '[{folio_icc} << /N 3 >> /PUT pdfmark',
    '[{folio_icc} FolioProfile /PUT pdfmark',
    '[/_objdef {folio_intent} /type /dict /OBJ pdfmark',
    `[{folio_intent} << /Type /OutputIntent /S /${pdfx ? 'GTS_PDFX' : 'GTS_PDFA1'} /DestOutputProfile {folio_icc}`,
    '   /OutputConditionIdentifier (sRGB) /Info (sRGB IEC61966-2.1) /RegistryName (http://www.color.org) >> /PUT pdfmark',
    '[{Catalog} << /OutputIntents [ {folio_intent} ] >> /PUT pdfmark',
    ...(pdfx ? ['[ /GTS_PDFXVersion (PDF/X-3:2002) /Trapped /False /DOCINFO pdfmark'] : []),
    '',
  ].join('\n');
}

function postScriptString(text: string): string {
  return text.replace(/[\\()]/g, (ch) => `\\${ch}`);
}
