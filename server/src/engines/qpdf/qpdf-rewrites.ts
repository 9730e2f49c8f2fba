import { writeFile } from 'node:fs/promises';
import { pageWatchdog, runProcess, type EngineOptions } from '../process';
import { PRESERVE_STREAMS, QPDF, classify, run } from './qpdf-process';

/** Whole-file rewrites by qpdf: normalised, checked, annotations flattened, inline images made objects, attachments added, pictures made into pages, updates written compactly. */

/**
 * Draws every annotation that has an appearance into its page's content
 * (form fields' appearances generated first where the form asks for it) and
 * removes every annotation, hidden ones and those without an appearance
 * included; then removes the form itself. Decrypted.
 */
export async function flattenAnnotations(input: string, output: string, options: EngineOptions): Promise<void> {
  // Not PRESERVE_STREAMS: qpdf writes a generated text appearance's value through a filter applied only as streams are rewritten.
  await run([input, '--decrypt', '--generate-appearances', '--flatten-annotations=all', output], options);
}

/**
 * Turns every inline image (BI … ID … EI) of the pages' contents, and of the
 * forms they draw, into an image object the content draws by name (`/IIm1 Do`);
 * everything else is copied as it is. Decrypted. A form without resources of
 * its own (inheriting its page's, as PDF 1.1 allowed) has nowhere to name the
 * new object: its inline images are dropped (qpdf warns), not kept. With
 * `minBytes`, only inline images of at least that many bytes of data move.
 */
export async function externaliseInlineImages(input: string, output: string, options: EngineOptions, minBytes = 0): Promise<void> {
  await run([PRESERVE_STREAMS, input, '--decrypt', '--externalize-inline-images', `--ii-min-bytes=${minBytes}`, output], options);
}

/** One file to embed: qpdf's `--add-attachment` and its options. */
export interface Attachment {
  /** The file's path (inside the job's folder). */
  path: string;
  /** Its name in the EmbeddedFiles tree, and the file name readers show. e.g. 'invoice.xml' */
  name: string;
  /** e.g. 'text/xml' */
  mimeType: string;
  description: string;
  /** PDF dates. e.g. 'D:20240102030405Z' */
  creationDate: string;
  modDate: string;
}

/**
 * Writes `output` as `input` with the files embedded in the EmbeddedFiles name
 * tree (an entry of the same name replaced), each with its MIME subtype, size,
 * MD5 checksum and dates; qpdf also sets /PageMode /UseAttachments. The tree
 * stays sorted and balanced (qpdf's name-tree helper), the attached bytes are
 * streamed from disk and compressed; other streams are copied as they are.
 * `jobFile` (inside the job's folder) carries the job as qpdf job JSON, so names
 * and descriptions may hold any character. Encryption is removed.
 */
export async function addAttachments(
  input: string,
  output: string,
  attachments: readonly Attachment[],
  jobFile: string,
  options: EngineOptions,
): Promise<void> {
  const job = {
    inputFile: input,
    outputFile: output,
    decrypt: '',
    // New streams (the attachments) compressed; existing ones neither decoded nor recompressed.
    compressStreams: 'y',
    decodeLevel: 'none',
    addAttachment: attachments.map((a) => ({
      file: a.path,
      key: a.name,
      filename: a.name,
      mimetype: a.mimeType,
      description: a.description,
      creationdate: a.creationDate,
      moddate: a.modDate,
      replace: '',
    })),
  };
  await writeFile(jobFile, JSON.stringify(job));
  await run([`--job-json-file=${jobFile}`], options);
}

/**
 * Rewrites a PDF as qpdf reads it: repaired cross-reference table, no
 * encryption left (an owner-password-only file opens; one needing a user
 * password throws PdfPasswordError), object streams regenerated.
 */
export async function normalisePdf(input: string, output: string, options: EngineOptions): Promise<void> {
  await run([input, '--decrypt', '--object-streams=generate', output], options);
}

/** What `qpdf --check` found in a file: nothing, or the problems it names (streams that do not decode, damaged structure). */
export interface CheckReport {
  /** qpdf found errors (a content stream that does not decode), not just warnings. */
  errors: boolean;
  /** qpdf's warnings and errors, one per line. e.g. 'ERROR: page 2: content stream (content stream object 9 0): errors while decoding content stream' */
  problems: string[];
}

/**
 * Checks a file as `qpdf --check` does: its structure, and every page's content
 * streams decoded and parsed. `pages` scales the run's watchdog.
 */
export async function checkPdf(path: string, pages: number, options: EngineOptions): Promise<CheckReport> {
  try {
    const { stdout, stderr, exitCode } = await runProcess(QPDF, ['--check', path], { ...options, okExitCodes: [0, 2, 3], watchdogMs: pageWatchdog(pages) });
    const problems = `${stdout}\n${stderr}`.split('\n').filter((line) => /^(WARNING|ERROR)\b|^qpdf: /.test(line) && !/operation succeeded/.test(line));
    return { errors: exitCode === 2, problems };
  } catch (error) {
    throw classify(error);
  }
}

/** One page of a PDF made of pictures: a baseline JPEG shown over the whole page. */
export interface PicturePage {
  /** The JPEG's path (inside the job's folder). */
  jpeg: string;
  /** Its pixel size and colours, as written. */
  pixelWidth: number;
  pixelHeight: number;
  colour: 'grey' | 'rgb';
  /** The page's size in points. */
  width: number;
  height: number;
}

/**
 * Writes a new PDF whose pages each show one JPEG stretched over the whole
 * page (a page size in points, the picture's pixels over it), the JPEG's bytes
 * stored as they are (DCTDecode): qpdf builds the file from a JSON description
 * (`jsonFile`, in the job's folder) that names each JPEG's file, so no picture
 * is held in memory here.
 */
export async function writePicturePdf(pages: readonly PicturePage[], jsonFile: string, output: string, options: EngineOptions): Promise<void> {
  if (pages.length === 0) throw new Error('writePicturePdf: a PDF needs at least one page.');
  const objects: Record<string, unknown> = {};
  const pageRefs: string[] = [];
  const round = (n: number) => Math.round(n * 1000) / 1000;
  pages.forEach((page, i) => {
    const [pageObject, contents, image] = [3 + i * 3, 4 + i * 3, 5 + i * 3];
    pageRefs.push(`${pageObject} 0 R`);
    const draw = `q ${round(page.width)} 0 0 ${round(page.height)} 0 0 cm /Im0 Do Q`;
    objects[`obj:${pageObject} 0 R`] = {
      value: {
        '/Type': '/Page',
        '/Parent': '2 0 R',
        '/MediaBox': [0, 0, round(page.width), round(page.height)],
        '/Resources': { '/XObject': { '/Im0': `${image} 0 R` } },
        '/Contents': `${contents} 0 R`,
      },
    };
    objects[`obj:${contents} 0 R`] = { stream: { dict: {}, data: Buffer.from(draw).toString('base64') } };
    objects[`obj:${image} 0 R`] = {
      stream: {
        dict: {
          '/Type': '/XObject',
          '/Subtype': '/Image',
          '/Width': page.pixelWidth,
          '/Height': page.pixelHeight,
          '/ColorSpace': page.colour === 'grey' ? '/DeviceGray' : '/DeviceRGB',
          '/BitsPerComponent': 8,
          '/Filter': '/DCTDecode',
        },
        datafile: page.jpeg,
      },
    };
  });
  const maxObjectId = 2 + pages.length * 3;
  objects['obj:1 0 R'] = { value: { '/Type': '/Catalog', '/Pages': '2 0 R' } };
  objects['obj:2 0 R'] = { value: { '/Type': '/Pages', '/Kids': pageRefs, '/Count': pages.length } };
  objects.trailer = { value: { '/Root': '1 0 R', '/Size': maxObjectId + 1 } };
  const header = { jsonversion: 2, pdfversion: '1.7', pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: maxObjectId };
  await writeFile(jsonFile, JSON.stringify({ qpdf: [header, objects] }));
  // The JPEGs are stored as they are; the small content streams compressed.
  await run(['--json-input', jsonFile, '--compress-streams=y', '--decode-level=generalized', '--object-streams=generate', output], options);
}

export interface CompactWriteOptions {
  /** qpdf --linearize: the first page can be shown before the rest has arrived. */
  linearize?: boolean;
  /** qpdf --normalize-content=y: page content rewritten in a regular form. */
  normalizeContent?: boolean;
  /**
   * Leave pages as they are: no content streams joined, no unused resources
   * dropped (those need qpdf to walk the page tree, which a damaged one can
   * make it refuse).
   */
  pagesAsTheyAre?: boolean;
  /**
   * Which pages lose the fonts and pictures their resources name but their content never uses:
   * 'all', or 'shared' (qpdf's auto: only where pages share a resource dictionary, the common case
   * of a producer listing everything once). 'all' has qpdf read every page's content, about a
   * second on a 500-page manual, for nothing where each page lists only what it uses. e.g. 'all'
   */
  unusedResources?: 'all' | 'shared';
}

/**
 * Writes `output` as `input` with the objects of a JSON update file replaced
 * (see `updateObjects`; streams may name their new data in a `datafile`), as
 * compactly as qpdf writes: object streams, streams without compression or
 * with old filters (LZW, ASCII85) deflated at level 9, each page's content
 * streams made one (and deflated anew), resources no page draws and objects
 * nothing refers to left out. Flate streams are not decoded again (their PNG predictors are
 * kept); encryption is removed.
 */
export async function writeWithUpdates(
  input: string,
  output: string,
  updateFile: string | undefined,
  write: CompactWriteOptions,
  options: EngineOptions,
): Promise<void> {
  await run(
    [
      input,
      '--decrypt',
      ...(updateFile ? [`--update-from-json=${updateFile}`] : []),
      '--object-streams=generate',
      '--compress-streams=y',
      '--compression-level=9',
      ...(write.normalizeContent ? ['--normalize-content=y'] : []),
      ...(write.linearize ? ['--linearize'] : []),
      ...(write.pagesAsTheyAre
        ? []
        : [
            // A page's content streams as one: deflated together they share one dictionary.
            '--coalesce-contents',
            // Fonts and images named in a page's resources but never drawn go (qpdf reads the content
            // to know); it does that only while selecting pages, so every page of the file itself is
            // selected, which keeps what belongs to the document (outline, form, names, metadata).
            `--remove-unreferenced-resources=${write.unusedResources === 'shared' ? 'auto' : 'yes'}`,
            '--pages',
            '.',
            '1-z',
            '--',
          ]),
      output,
    ],
    options,
  );
}
