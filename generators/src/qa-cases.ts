/**
 * The QA cases of a tool, derived from its declaration alone: what to send and
 * exactly what must come back. `npm run qa-matrix` prints them as tables for
 * people; the QA matrix (server/test/tools.matrix.<category>.spec.ts) sends each one to the real server.
 * Both read this module, so the checklist and the test cannot drift apart.
 */
import {
  collectParams,
  checkHolds,
  type ToolCheck,
  extensionOf,
  resolveResult,
  schemaOf,
  formatMegabytes,
  maxFilesPerRequest,
  FILE_TYPES,
  acceptsAnything,
  hasExtensionOf,
  isFieldRequired,
  isFieldVisible,
  fileFieldsOf,
  isFileField,
  maxFilesOfField,
  tooManyFilesMessage,
  wrongTypeMessage,
  type FileField,
  PageSelectionError,
  compares,
  parsePageSelection,
  renderFileName,
  type Comparator,
  type AnyTool,
  type ChoicesOptions,
  type EntriesOptions,
  PAGE_ITEM_KINDS,
  pageItemsMessages,
  type PageItemsOptions,
  type DeclaredField,
  type FileTypeKey,
  type Scalar,
} from '@folio/registry';

/** Placeholder for a success until `add` knows the case's fields. */
const SUCCESS: QaExpectation = Object.freeze({ status: 200 });

/** Server limits a case depends on (README "Configuration"); tests start their server with smaller ones. */
export interface QaLimits {
  /** FOLIO_MAX_FILES. e.g. 50 */
  maxFiles: number;
  /** FOLIO_MAX_UPLOAD_MB in bytes. e.g. 100 * 1024 * 1024 */
  maxUploadBytes: number;
}

export const DEFAULT_QA_LIMITS: QaLimits = { maxFiles: 50, maxUploadBytes: 100 * 1024 * 1024 };

/**
 * Answers the runner gives whatever the tool (server/src/http/api-error.ts):
 * status, problem type and error code; `RUNNER_TEXTS` holds their fixed texts.
 * The matrix test compares both with ApiError, so a change there fails it.
 */
export const RUNNER_ERRORS = {
  invalidArgument: { status: 400, type: '/errors/invalid-argument' },
  missingFile: { status: 400, type: '/errors/missing-file' },
  tooManyFiles: { status: 400, type: '/errors/too-many-files' },
  wrongFileType: { status: 400, type: '/errors/invalid-file-type', errorCode: 'E006' },
  pdfCorrupted: { status: 400, type: '/errors/pdf-corrupted', errorCode: 'E001' },
  pdfBeyondRepair: { status: 400, type: '/errors/pdf-beyond-repair', errorCode: 'E001' },
  pdfPassword: { status: 400, type: '/errors/pdf-password', errorCode: 'E004' },
  fileTooLarge: { status: 413, type: '/errors/file-too-large' },
} as const satisfies Record<string, { status: number; type: string; errorCode?: string }>;

/** The runner's own texts; E001 and E004 are the reference's exact texts, which clients compare (§1.3). */
export const RUNNER_TEXTS = {
  tooManyFiles: (max: number) => (max === 1 ? 'This tool takes one file at a time.' : `At most ${max} files can be sent at once.`),
  emptyFile: (fileName: string) => `The file "${fileName}" is empty.`,
  pdfCorrupted:
    "PDF file appears to be corrupted or damaged. Please try using the 'Repair PDF' feature first to fix the file before proceeding with this operation.",
  /** Repair PDF's answer to a file it recovers nothing from (server/src/engines/pdf-errors.ts). */
  pdfBeyondRepair: (fileName: string) =>
    `Nothing could be recovered from "${fileName}": qpdf, MuPDF, Ghostscript and Poppler each tried to read it and found no page, nor any page left to rebuild one from. The file is too damaged to repair; if you have another copy of it, use that one.`,
  pdfPassword: 'The PDF Document is passworded and either the password was not provided or was incorrect',
  fileTooLarge: (maxBytes: number) => `Each file may be at most ${formatMegabytes(maxBytes)}.`,
};

/**
 * What the uploaded files are. `valid` is a small valid file of one type the
 * tool accepts (`sampleTypeOf`); the others are the bad inputs QA tries.
 */
export type UploadKind = 'valid' | 'wrong-type' | 'empty' | 'corrupt' | 'encrypted' | 'too-large';

/** Pages of the valid PDF every case sends: enough that no mode (Remove First and Last...) empties it. */
export const QA_PDF_PAGES = 4;

/**
 * The name a sample of each file type is sent under. Convert File to PDF takes
 * dozens of formats; its sample is plain text, the one every office suite reads.
 */
export const SAMPLE_FILE_NAMES: Readonly<Record<FileTypeKey, string>> = {
  pdf: 'input.pdf',
  jpeg: 'input.jpg',
  png: 'input.png',
  gif: 'input.gif',
  bmp: 'input.bmp',
  tiff: 'input.tif',
  eml: 'input.eml',
  msg: 'input.msg',
  html: 'input.html',
  svg: 'input.svg',
  zip: 'input.zip',
  cbz: 'input.cbz',
  cbr: 'input.cbr',
  rar: 'input.rar',
  postscript: 'input.ps',
  xps: 'input.xps',
  ebook: 'input.epub',
  markdown: 'input.md',
  pkcs12: 'input.p12',
  jks: 'input.jks',
  privateKey: 'input.key',
  certificate: 'input.crt',
  convertible: 'input.txt',
  anyFile: 'notes.txt',
};

/** What a valid sample of each type holds, for tables (server/test/support/sample-files.ts makes them). */
export const SAMPLE_FILE_DESCRIPTIONS: Readonly<Record<FileTypeKey, string>> = {
  pdf: `${QA_PDF_PAGES}-page PDF`,
  jpeg: 'small JPEG image',
  png: 'small PNG image',
  gif: 'small GIF image',
  bmp: 'small BMP image',
  tiff: 'small TIFF image',
  eml: 'short plain-text e-mail',
  msg: 'Outlook message',
  html: 'short HTML page',
  svg: 'small SVG drawing',
  zip: 'ZIP holding index.html',
  cbz: 'CBZ holding two PNG pages',
  cbr: 'CBR (RAR 4, stored) holding two PNG pages',
  rar: 'RAR 5 archive (stored) holding two PNG pages',
  postscript: 'one-page PostScript program',
  xps: 'one-page XPS document',
  ebook: 'one-chapter EPUB zipped by hand',
  markdown: 'short Markdown document',
  pkcs12: 'PKCS#12 key store, no password',
  jks: 'JKS key store (password qa-secret)',
  privateKey: 'PEM private key, unencrypted',
  certificate: 'PEM self-signed certificate',
  convertible: 'plain-text document',
  anyFile: 'short text file',
};

/**
 * Tools that rightly refuse the valid samples for something they lack that no
 * declaration states: every case that would succeed expects this refusal
 * instead, as `noContentWhen` tools expect 204. `lacks` completes "the sample
 * has no ...". A declared field for it would replace this list.
 */
export const SAMPLE_REFUSALS: Readonly<Record<string, { lacks: string; message: string }>> = {
  // The reference's words (§3.11); split-chapters.http.spec.ts splits bookmarked files.
  'split-chapters': { lacks: 'bookmarks', message: 'No PDF bookmarks/outline found in document' },
  // The reference's words (reference-beyond §5); the attachment tools' http specs use PDFs that carry attachments.
  'extract-attachments': { lacks: 'attachments', message: 'No embedded attachments found in the provided PDF' },
  'rename-attachment': { lacks: 'attachments', message: "Attachment 'notes.txt' not found for renaming" },
  'delete-attachment': { lacks: 'attachments', message: "Attachment 'notes.txt' not found for deletion" },
  // Nothing to redact unless an option names it (reference-beyond §9.1, §9.2); their http specs name areas, pages and words.
  'manual-redact': { lacks: 'redaction targets: no option names one by default', message: 'No redaction targets provided' },
  'redact-execute': { lacks: 'redaction targets: no option names one by default', message: 'No redaction targets provided' },
  // Off by default (reference-beyond §9.3); timestamp-pdf.http.spec.ts configures a loopback authority.
  'timestamp-pdf': {
    lacks: 'timestamp authority: the test server’s operator configured none',
    message: 'Timestamps are not configured on this server: its operator has not named a timestamp authority (FOLIO_TSA_URLS).',
  },
};

/**
 * Tools whose answer to the valid samples is one of their declared outcomes
 * (`result.outcomes`), by the options: the outcome's key, or undefined for the
 * usual answer. The PDF sample has QA_PDF_PAGES pages.
 */
export const SAMPLE_OUTCOMES: Readonly<Record<string, (params: Values) => string | undefined>> = {
  // An EPS holds one page: a document of several gives one EPS per page, in a ZIP.
  'pdf-to-vector': (p) => (p.outputFormat === 'eps' && QA_PDF_PAGES > 1 ? 'eps-per-page' : undefined),
};

/**
 * The filters (reference-beyond §2), whose 204 depends on their options: whether
 * the valid sample passes with these parsed options. The samples, as
 * server/test/support/sample-files.ts makes them: a QA_PDF_PAGES-page PDF of
 * upright 300 × 400 pt pages, "QA sample page n" on page n and no image; a
 * short text file.
 */
export const SAMPLE_PASSES: Readonly<Record<string, (params: Values) => boolean>> = {
  'filter-page-count': (p) => compares(QA_PDF_PAGES, p.comparator as Comparator, p.pageCount as number),
  // 300 × 400 pt is smaller than every standard size, A6 (297.6 × 419.5 pt) included.
  'filter-page-size': (p) => p.comparator === 'Less',
  'filter-page-rotation': (p) => compares(0, p.comparator as Comparator, p.rotation as number),
  // The cases ask about 0 bytes (the default and the minimum) only, which the sample is more than.
  'filter-file-size': (p) => p.fileSize === 0 && p.comparator === 'Greater',
  'filter-contains-text': (p) =>
    parsePageSelection(p.pageNumbers as string, QA_PDF_PAGES).some((index) => `QA sample page ${index + 1}`.includes(p.text as string)),
};

/**
 * The type a tool's valid uploads are: the first it accepts that a sample can be
 * made of. Outlook .msg files cannot be written without Outlook, so a tool that
 * takes .eml too is sent that.
 */
export function sampleTypeOf(tool: AnyTool): FileTypeKey {
  return sampleTypeFor(tool.input.accept);
}

/** `sampleTypeOf` for any list of accepted types (a `file` field's). */
export function sampleTypeFor(accept: readonly FileTypeKey[]): FileTypeKey {
  return accept.find((type) => type !== 'msg') ?? accept[0];
}

/**
 * A file none of the tool's types match, by content or by name: a PNG named like
 * the tool's own files for most tools (a PNG named .pdf for PDF tools); a PDF for
 * tools that take images (a ZIP for those that take images and PDFs); for tools that go by the name alone (Convert File to
 * PDF), a PNG under a name they do not list.
 */
export function wrongTypeUpload(tool: AnyTool): { type: FileTypeKey; name: string } {
  return wrongTypeFor(tool.input.accept);
}

/** `wrongTypeUpload` for any list of accepted types (a `file` field's). */
export function wrongTypeFor(accept: readonly FileTypeKey[]): { type: FileTypeKey; name: string } {
  if (accept.includes('png')) return accept.includes('pdf') ? { type: 'zip', name: 'archive.zip' } : { type: 'pdf', name: 'document.pdf' };
  const ownExtension = extensionOf(SAMPLE_FILE_NAMES[sampleTypeFor(accept)]);
  if (accept.includes('convertible') && hasExtensionOf(`picture${ownExtension}`, 'convertible')) return { type: 'png', name: 'picture.bin' };
  return { type: 'png', name: `picture${ownExtension}` };
}

/** One upload in words, for tables. e.g. '2 × 4-page PDF (input.pdf)' */
export function describeUpload(upload: QaUpload): string {
  const what: Record<UploadKind, string> = {
    valid: SAMPLE_FILE_DESCRIPTIONS[upload.type],
    'wrong-type': `${FILE_TYPES[upload.type].label} content, not an accepted type`,
    empty: 'empty file (0 bytes)',
    corrupt: 'damaged PDF',
    encrypted: 'PDF with a user password',
    'too-large': 'file over the size limit',
  };
  return `${upload.count} × ${what[upload.kind]} (${upload.name})`;
}

export interface QaUpload {
  kind: UploadKind;
  /** The type of the content sent: a sample of it, or its broken form. e.g. 'pdf' */
  type: FileTypeKey;
  /** How many files, each under `fileInput`. e.g. 2 for Merge */
  count: number;
  /** Name every file is sent under. e.g. 'input.pdf' */
  name: string;
}

export type QaGroup = 'defaults' | 'options' | 'numbers' | 'text' | 'required' | 'hidden' | 'checks' | 'files';

export interface QaExpectation {
  /** e.g. 200 or 400 */
  status: number;
  /** Problem type of an error. e.g. '/errors/invalid-argument' */
  type?: string;
  /** e.g. 'E004' */
  errorCode?: string;
  /** The exact `detail` (and `error`) text of an error. e.g. 'Please enter pages to split.' */
  message?: string;
  /** For validation errors, the `errors` entry naming the field. e.g. 'angle: Angle must be a multiple of 90' */
  fieldError?: string;
  /** Content-Type of a success. e.g. 'application/pdf' */
  contentType?: string;
  /** Content-Disposition file name of a success, rendered from `download.api`. e.g. 'input_rotated.pdf' */
  fileName?: string;
  /** Why a request the declaration accepts is refused (SAMPLE_REFUSALS). e.g. 'the sample has no bookmarks' */
  refusedBecause?: string;
}

export interface QaCase {
  toolId: string;
  endpoint: string;
  /** Unique within the tool and stable across runs. e.g. 'angle=180', 'startPage<min' */
  id: string;
  group: QaGroup;
  /** What the case tries, in a sentence fragment. e.g. 'Angle below its minimum' */
  title: string;
  /** What makes the field under test visible, when it is conditional. e.g. 'pageRange = custom' */
  condition?: string;
  /** Multipart text fields, as sent. e.g. { angle: '180' } */
  fields: Record<string, string>;
  upload: QaUpload;
  /** Files sent under the tool's `file` fields, by field name. e.g. { stampImage: 1 × PNG } */
  fieldUploads: Record<string, QaUpload>;
  expect: QaExpectation;
  /**
   * `http`: the matrix test sends it to the real server. `schema`: an accepted
   * edge value, checked against the tool's schema only (its processing adds
   * nothing the defaults and options cases do not already cover).
   */
  run: 'http' | 'schema';
}

type Values = Record<string, Scalar | undefined>;

/**
 * The tool a request to a shared endpoint is handled by: a tool that shares the
 * endpoint when the body carries one of its `whenAnyField` fields, else the owner
 * (server/src/tools/create-tool-controller.ts routes the same way).
 */
export function routedTool(endpointTools: readonly AnyTool[], fields: Record<string, unknown>): AnyTool {
  const owner = endpointTools.find((t) => !t.sharesEndpoint) ?? endpointTools[0];
  return endpointTools.find((t) => t.sharesEndpoint?.whenAnyField.some((name) => fields[name] !== undefined)) ?? owner;
}

/** Every QA case of one tool. `allTools` is the registry, for tools that share an endpoint. */
export function deriveQaCases(tool: AnyTool, allTools: readonly AnyTool[], limits: QaLimits = DEFAULT_QA_LIMITS): QaCase[] {
  const derivation = new Derivation(tool, allTools, limits);
  const cases = derivation.all();
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`Tool "${tool.id}": two QA cases are both called "${c.id}".`);
    ids.add(c.id);
    const handler = routedTool(derivation.endpointTools, c.fields);
    if (handler !== tool) {
      throw new Error(
        `Tool "${tool.id}": QA case "${c.id}" would be handled by "${handler.id}", which shares ${tool.endpoint}. ` +
          `Check \`sharesEndpoint\` in registry/${tool.id}.tool.ts and registry/${handler.id}.tool.ts.`,
      );
    }
  }
  return cases;
}

/** Every QA case of every tool, in registry order. */
export function deriveAllQaCases(allTools: readonly AnyTool[], limits: QaLimits = DEFAULT_QA_LIMITS): QaCase[] {
  return allTools.flatMap((tool) => deriveQaCases(tool, allTools, limits));
}

/** The fewest files a request to the tool must carry. */
export function minFilesOf(tool: AnyTool): number {
  return tool.input.minFiles ?? 1;
}

/** The most files one request may carry, given the server's limit. */
export function maxFilesOf(tool: AnyTool, limits: QaLimits): number {
  return maxFilesPerRequest(tool.input, limits.maxFiles);
}

/**
 * A case's multipart body as the schema reads it: the text fields, and each file
 * field's uploads as stand-ins (a name and a size, as the runner describes parts).
 */
export function requestBody(c: Pick<QaCase, 'fields' | 'fieldUploads'>): Record<string, unknown> {
  const parts = Object.entries(c.fieldUploads).map(([name, upload]) => [name, Array.from({ length: upload.count }, () => ({ name: upload.name, size: 1 }))]);
  return { ...c.fields, ...Object.fromEntries(parts) };
}

/** A new field kind must get QA cases here: this stops the build until it does. */
function unknownKind(kind: never): never {
  throw new Error(`QA cases: no cases for field kind "${String(kind)}".`);
}

/** Decimal text without float noise: 0.1 - 0.01 → '0.09'. */
function numeral(value: number): string {
  return String(Number(value.toFixed(10)));
}

function wire(value: Scalar): string {
  return typeof value === 'number' ? numeral(value) : String(value);
}

class Derivation {
  /** The fields sent as text; `file` fields travel as parts (`fileFields`). */
  readonly fields: [string, DeclaredField][];
  readonly fileFields: [string, FileField][];
  readonly endpointTools: AnyTool[];
  private readonly cases: QaCase[] = [];

  constructor(
    private readonly tool: AnyTool,
    allTools: readonly AnyTool[],
    private readonly limits: QaLimits,
  ) {
    this.fields = Object.entries(tool.fields).filter(([, field]) => !isFileField(field)) as [string, DeclaredField][];
    this.fileFields = fileFieldsOf(tool);
    this.endpointTools = allTools.filter((t) => t.endpoint === tool.endpoint);
    if (!this.endpointTools.includes(tool)) this.endpointTools.push(tool);
  }

  all(): QaCase[] {
    this.defaults();
    for (const [name, field] of Object.entries(this.tool.fields) as [string, DeclaredField][]) {
      switch (field.kind) {
        case 'select':
          this.select(name, field);
          break;
        case 'choices':
          this.choices(name, field);
          break;
        case 'entries':
          this.entries(name, field as DeclaredField & EntriesOptions);
          break;
        case 'checkbox':
          this.checkbox(name, field);
          break;
        case 'number':
          this.number(name, field);
          break;
        case 'text':
        case 'textarea':
          this.text(name, field);
          break;
        case 'pages':
          this.pages(name, field);
          break;
        case 'size':
          this.size(name, field);
          break;
        case 'file':
          this.fileField(name, field as FileField);
          break;
        case 'page-items':
          this.pageItems(name, field as DeclaredField & PageItemsOptions);
          break;
        default:
          unknownKind(field.kind);
      }
    }
    for (const [name, field] of this.fields) if (field.required) this.required(name, field);
    for (const [name, field] of this.fields) if (field.visibleWhen) this.hidden(name, field);
    this.checks();
    this.files();
    return this.cases;
  }

  // ------------------------------------------------------------ building requests

  /** A value the field accepts, for when another field is under test: its default, '1' for pages, the minimum for numbers. */
  private validValue(field: DeclaredField): Scalar {
    if (field.default !== undefined) return field.default as Scalar;
    switch (field.kind) {
      case 'pages':
        return '1';
      case 'size':
        return (field as DeclaredField & { example?: string }).example ?? '1MB';
      case 'number': {
        if (field.choices?.length) return field.choices[0].value;
        let value = field.min ?? (field.greaterThan !== undefined ? Math.max(field.inputMin ?? -Infinity, field.greaterThan + this.delta(field)) : 1);
        if (field.multipleOf !== undefined) value = Math.ceil(value / field.multipleOf) * field.multipleOf;
        return field.max !== undefined ? Math.min(value, field.max) : value;
      }
      case 'select':
      case 'choices':
        return field.options![0].value;
      case 'checkbox':
        return false;
      default:
        return (field as DeclaredField & { example?: string }).example ?? 'sample';
    }
  }

  /** The step from a bound to "just past" it. */
  private delta(field: DeclaredField): number {
    return field.multipleOf ?? (field.integer ? 1 : (field.step ?? 0.01));
  }

  /**
   * The values that put `name` on screen: each controlling field set to its first
   * allowed value (or left as is when already allowed).
   */
  private showing(name: string | undefined, values: Values): Values {
    const out = { ...values };
    const visit = (fieldName: string, seen: Set<string>) => {
      const field = this.tool.fields[fieldName] as DeclaredField | undefined;
      if (!field?.visibleWhen || seen.has(fieldName)) return;
      seen.add(fieldName);
      for (const [controller, allowed] of Object.entries(field.visibleWhen)) {
        visit(controller, seen);
        const current = out[controller] ?? (this.tool.fields[controller]?.default as Scalar | undefined);
        if (!allowed.some((v) => String(v) === String(current))) out[controller] = allowed[0];
      }
    };
    if (name) visit(name, new Set());
    return out;
  }

  /** 'pageRange = custom', or 'customMode = CUSTOM (or DUPLICATE)'. */
  private conditionOf(name: string): string | undefined {
    const field = this.tool.fields[name];
    if (!field?.visibleWhen) return undefined;
    return Object.entries(field.visibleWhen)
      .map(([controller, allowed]) => {
        const others = allowed.slice(1).map(String);
        return `${controller} = ${String(allowed[0])}${others.length ? ` (or ${others.join(', ')})` : ''}`;
      })
      .join(' and ');
  }

  /**
   * A full request: `set` applied on top of the values that make it valid.
   * `undefined` in `set` leaves a field out. Fields in `set` are never adjusted;
   * others are filled or moved so that only the thing under test is wrong.
   */
  private request(set: Values = {}, options: { explicitDefaults?: boolean; show?: string; keepChecks?: boolean } = {}): Record<string, string> {
    let values: Values = {};
    if (options.explicitDefaults) {
      for (const [name, field] of this.fields) if (field.default !== undefined) values[name] = field.default as Scalar;
    }
    values = this.showing(options.show, { ...values, ...set });
    const visible = (name: string) => isFieldVisible(this.tool.fields[name], this.parsedView(values));

    // Required fields that are on screen get a valid value; hidden ones are not sent.
    for (let pass = 0; pass < this.fields.length + 1; pass++) {
      let changed = false;
      for (const [name, field] of this.fields) {
        if (name in set) continue;
        if (isFieldRequired(field, this.parsedView(values)) && values[name] === undefined) {
          values[name] = this.validValue(field);
          changed = true;
        }
        if (values[name] !== undefined && !visible(name)) {
          delete values[name];
          changed = true;
        }
      }
      if (!changed) break;
    }

    // Cross-field rules hold unless one of their fields is under test. A refused
    // value is dropped before the rules run, so refusals need no adjusting.
    for (const check of options.keepChecks ? [] : (this.tool.checks ?? [])) {
      if (check.rule === 'readsAs') {
        if (!(check.field in set) && !checkHolds(check, values)) values[check.field] = check.as === 'size' ? '1MB' : '1';
        continue;
      }
      const [value, other] = [values[check.field], values[check.than]];
      if (typeof value !== 'number' || typeof other !== 'number' || value >= other) continue;
      if (check.field in set && !(check.than in set)) values[check.than] = value;
      else if (!(check.field in set)) values[check.field] = other;
    }

    // A tool on another tool's endpoint is reached only with one of its own fields.
    const share = this.tool.sharesEndpoint;
    if (share && !share.whenAnyField.some((name) => values[name] !== undefined || (name in set && set[name] !== undefined))) {
      const trigger = share.whenAnyField.find((name) => !(name in set) && visible(name)) ?? share.whenAnyField.find((name) => !(name in set));
      if (trigger) values[trigger] = this.validValue(this.tool.fields[trigger] as DeclaredField);
    }

    const out: Record<string, string> = {};
    for (const [name] of this.fields) if (values[name] !== undefined) out[name] = wire(values[name]!);
    // Fields sent under names the tool does not declare (field aliases) go last.
    for (const [name, value] of Object.entries(set)) if (!(name in out) && value !== undefined) out[name] = wire(value);
    return out;
  }

  /** Values as the schema sees them for visibility: select aliases mapped to their option. */
  private parsedView(values: Values): Record<string, unknown> {
    const view: Record<string, unknown> = { ...values };
    for (const [name, field] of this.fields) {
      const raw = values[name];
      if (raw === undefined || !field.options) continue;
      const text = String(raw);
      const same = (a: string) => (field.caseInsensitive ? a.toLowerCase() === text.toLowerCase() : a === text);
      const match = field.options.find((o) => same(String(o.value)) || o.aliases?.some(same));
      if (match) view[name] = match.value;
    }
    for (const [name, field] of this.fields) if (view[name] === undefined && field.default !== undefined) view[name] = field.default;
    return view;
  }

  /** The name valid (and empty, and too large) uploads go under. e.g. 'input.pdf' */
  private get uploadName(): string {
    return SAMPLE_FILE_NAMES[sampleTypeOf(this.tool)];
  }

  private upload(kind: UploadKind = 'valid', count = minFilesOf(this.tool)): QaUpload {
    if (kind === 'wrong-type') return { kind, count, ...wrongTypeUpload(this.tool) };
    if (kind === 'corrupt' || kind === 'encrypted') return { kind, count, type: 'pdf', name: SAMPLE_FILE_NAMES.pdf };
    return { kind, count, type: sampleTypeOf(this.tool), name: this.uploadName };
  }

  /** A success; `add` works out its content type and name from the case's own fields. */
  private success(): QaExpectation {
    return SUCCESS;
  }

  /** What a success looks like for these fields: the declaration's result, or the variant they choose. */
  private successFor(fields: Record<string, string>, fieldUploads: Record<string, QaUpload>): QaExpectation {
    const parsed = schemaOf(this.tool).safeParse(collectParams(this.tool, requestBody({ fields, fieldUploads })));
    const params = parsed.success ? (parsed.data as Values) : {};
    // The samples hold no content such a tool looks for (PDF to CSV: no table), so it has nothing to send;
    // a filter lets them through or not by its options.
    if (this.tool.result.noContentWhen && !SAMPLE_PASSES[this.tool.id]?.(params)) return { status: 204 };
    const refusal = SAMPLE_REFUSALS[this.tool.id];
    if (refusal) return { ...RUNNER_ERRORS.invalidArgument, message: refusal.message, refusedBecause: `the sample has no ${refusal.lacks}` };
    const result = resolveResult(this.tool, params, SAMPLE_OUTCOMES[this.tool.id]?.(params));
    // A name the processor takes from the document cannot be known from the declaration.
    const fileName = result.download.namedByProcessor ? undefined : renderFileName(result.download.api, this.uploadName, params);
    return { status: 200, contentType: result.apiContentType, fileName };
  }

  private fieldError(field: string, message: string): QaExpectation {
    return { ...RUNNER_ERRORS.invalidArgument, message, fieldError: `${field}: ${message}` };
  }

  private add(c: Omit<QaCase, 'toolId' | 'endpoint' | 'upload' | 'fieldUploads'> & { upload?: QaUpload; fieldUploads?: Record<string, QaUpload> }): void {
    const fieldUploads = c.fieldUploads ?? this.requiredFieldUploads(c.fields);
    const expect = c.expect === SUCCESS ? this.successFor(c.fields, fieldUploads) : c.expect;
    this.cases.push({ toolId: this.tool.id, endpoint: this.tool.endpoint, upload: this.upload(), ...c, fieldUploads, expect });
  }

  /** A valid upload for every `file` field these text fields make shown and required. */
  private requiredFieldUploads(fields: Record<string, string>, except?: string): Record<string, QaUpload> {
    const view = this.parsedView(fields);
    return Object.fromEntries(
      this.fileFields.filter(([name, field]) => name !== except && isFieldRequired(field, view)).map(([name, field]) => [name, this.fieldUpload(field)]),
    );
  }

  private fieldUpload(field: FileField, kind: UploadKind = 'valid', count = field.minFiles ?? 1): QaUpload {
    if (kind === 'wrong-type') return { kind, count, ...wrongTypeFor(field.accept) };
    const type = sampleTypeFor(field.accept);
    return { kind, count, type, name: SAMPLE_FILE_NAMES[type] };
  }

  /** An accepted value for `name`, run end to end or against the schema only. */
  private accept(name: string, value: Scalar, id: string, title: string, group: QaGroup, run: QaCase['run'], extra: Values = {}): void {
    this.add({
      id,
      group,
      title,
      condition: this.conditionOf(name),
      fields: this.request({ ...extra, [name]: value }, { show: name }),
      expect: this.success(),
      run,
    });
  }

  /** A refused value for `name`, with the message the tool declares for it. */
  private reject(name: string, value: Scalar, id: string, title: string, group: QaGroup, message: string): void {
    this.add({
      id,
      group,
      title,
      condition: this.conditionOf(name),
      fields: this.request({ [name]: value }, { show: name, keepChecks: true }),
      expect: this.fieldError(name, message),
      run: 'http',
    });
  }

  /** The message a field gives for a value it refuses: the declared `invalid`, else the builder's own wording. */
  private invalidMessage(field: DeclaredField, sample: Scalar): string {
    if (field.invalid) return field.invalid;
    const parsed = field.schema.safeParse(sample);
    if (parsed.success) throw new Error(`Tool "${this.tool.id}": "${String(sample)}" was expected to be refused by field "${field.label}".`);
    return parsed.error.issues[0].message;
  }

  // ------------------------------------------------------------ cases

  private defaults(): void {
    this.add({
      id: 'defaults',
      group: 'defaults',
      title: 'Options left out: the declared defaults apply',
      fields: this.request(),
      expect: this.success(),
      run: 'http',
    });
    this.add({
      id: 'defaults-sent',
      group: 'defaults',
      title: 'Every shown option sent at its default, as the web form does',
      fields: this.request({}, { explicitDefaults: true }),
      expect: this.success(),
      run: 'http',
    });
    for (const [name, field] of this.fields) {
      for (const alias of field.aliases ?? []) {
        const value = this.validValue(field);
        this.add({
          id: `${alias}(alias of ${name})`,
          group: 'defaults',
          title: `${field.label} sent under its other name \`${alias}\``,
          condition: this.conditionOf(name),
          fields: this.request({ [name]: undefined, [alias]: value }, { show: name }),
          expect: this.success(),
          run: 'http',
        });
      }
    }
  }

  private select(name: string, field: DeclaredField): void {
    const options = field.options ?? [];
    for (const option of options) {
      this.accept(name, option.value, `${name}=${wire(option.value)}`, `${field.label}: ${option.label}`, 'options', 'http');
      for (const alias of option.aliases ?? []) {
        this.accept(name, alias, `${name}=${alias}`, `${field.label}: ${option.label}, sent as its alias "${alias}"`, 'options', 'http');
      }
    }
    const lettered = options.find((o) => typeof o.value === 'string' && o.value.toLowerCase() !== o.value.toUpperCase());
    if (lettered) {
      const text = String(lettered.value);
      const otherCase = text === text.toLowerCase() ? text.toUpperCase() : text.toLowerCase();
      if (field.caseInsensitive) {
        this.accept(name, otherCase, `${name}=${otherCase}`, `${field.label}: "${otherCase}" (values are read in any case)`, 'options', 'schema');
      } else if (!options.some((o) => String(o.value) === otherCase || o.aliases?.includes(otherCase))) {
        this.reject(
          name,
          otherCase,
          `${name}=${otherCase}`,
          `${field.label}: "${otherCase}" (values are case-sensitive)`,
          'options',
          this.invalidMessage(field, otherCase),
        );
      }
    }
    this.reject(
      name,
      'not-an-option',
      `${name}=not-an-option`,
      `${field.label}: a value that is not an option`,
      'options',
      this.invalidMessage(field, 'not-an-option'),
    );
  }

  /** Each option alone and all together (schema only: one real run is the defaults case), and values not offered. */
  private choices(name: string, field: DeclaredField): void {
    const options = field.options ?? [];
    const all = options.map((o) => String(o.value)).join(',');
    for (const option of options)
      this.accept(name, option.value, `${name}=${wire(option.value)}`, `${field.label}: ${option.label} alone`, 'options', 'schema');
    this.accept(name, all, `${name}=all`, `${field.label}: all of them, comma-joined`, 'options', 'schema');
    if ((field as DeclaredField & ChoicesOptions).ignoreUnknown) {
      const first = String(options[0].value);
      this.accept(name, `${first},not-an-option`, `${name}+unknown`, `${field.label}: a value not offered beside ${first} (ignored)`, 'options', 'schema');
    }
    this.reject(
      name,
      'not-an-option',
      `${name}=not-an-option`,
      `${field.label}: only a value that is not offered`,
      'options',
      this.invalidMessage(field, 'not-an-option'),
    );
  }

  /** One pair in each of the wire's three forms, and a map that is not one. */
  private entries(name: string, field: DeclaredField & EntriesOptions): void {
    const [key, value] = ['QA-Key', 'QA value'];
    const send = (id: string, title: string, parts: Values, run: QaCase['run']) =>
      this.add({ id, group: 'options', title, condition: this.conditionOf(name), fields: this.request(parts, { show: name }), expect: this.success(), run });
    send(
      `${field.numbered.key}1`,
      `${field.label}: one pair as numbered parts`,
      { [`${field.numbered.key}1`]: key, [`${field.numbered.value}1`]: value },
      'http',
    );
    send(`${name}[name]`, `${field.label}: one pair as a bracketed part`, { [`${name}[${key}]`]: value }, 'http');
    send(`${name}=json`, `${field.label}: one pair as a JSON object`, { [name]: JSON.stringify({ [key]: value }) }, 'schema');
    this.reject(name, '{not json', `${name}=not-json`, `${field.label}: not a JSON object`, 'options', this.invalidMessage(field, '{not json'));
  }

  private checkbox(name: string, field: DeclaredField): void {
    const other = !field.default;
    this.accept(name, other, `${name}=${other}`, `${field.label}: ${other ? 'on' : 'off'} (not the default)`, 'options', 'http');
    this.reject(name, 'perhaps', `${name}=perhaps`, `${field.label}: not true or false`, 'options', this.invalidMessage(field, 'perhaps'));
  }

  private number(name: string, field: DeclaredField): void {
    const { label } = field;
    const delta = this.delta(field);
    const base = Number(this.validValue(field));
    const message = this.invalidMessage(field, 'abc');
    for (const choice of field.choices ?? []) {
      this.accept(name, choice.value, `${name}=${wire(choice.value)}`, `${label}: ${choice.label}`, 'options', 'http');
    }
    this.reject(name, 'abc', `${name}=abc`, `${label}: not a number`, 'numbers', message);
    if (field.min !== undefined) {
      this.accept(name, field.min, `${name}=min`, `${label} at its minimum (${numeral(field.min)})`, 'numbers', 'schema');
      this.reject(name, field.min - delta, `${name}<min`, `${label} just below its minimum (${numeral(field.min - delta)})`, 'numbers', message);
    }
    if (field.max !== undefined) {
      this.accept(name, field.max, `${name}=max`, `${label} at its maximum (${numeral(field.max)})`, 'numbers', 'schema');
      this.reject(name, field.max + delta, `${name}>max`, `${label} just above its maximum (${numeral(field.max + delta)})`, 'numbers', message);
    }
    if (field.greaterThan !== undefined) {
      const lowest = Math.max(field.greaterThan + delta, field.inputMin ?? -Infinity);
      this.reject(name, field.greaterThan, `${name}=bound`, `${label} equal to its exclusive bound (${numeral(field.greaterThan)})`, 'numbers', message);
      this.accept(name, lowest, `${name}>bound`, `${label} just above its exclusive bound (${numeral(lowest)})`, 'numbers', 'schema');
    }
    if (field.integer) {
      const fraction = field.max !== undefined && base + 0.5 > field.max ? base - 0.5 : base + 0.5;
      this.reject(name, fraction, `${name}=fraction`, `${label}: not a whole number (${numeral(fraction)})`, 'numbers', message);
    }
    if (field.multipleOf !== undefined) {
      const off = field.integer || field.multipleOf > 1 ? base + 1 : base + field.multipleOf / 2;
      this.reject(name, off, `${name}=not-multiple`, `${label}: not a multiple of ${numeral(field.multipleOf)} (${numeral(off)})`, 'numbers', message);
      const another = base + 3 * field.multipleOf;
      if (field.max === undefined || another <= field.max) {
        this.accept(name, another, `${name}=multiple`, `${label}: another multiple of ${numeral(field.multipleOf)} (${numeral(another)})`, 'numbers', 'schema');
      }
    }
  }

  private text(name: string, field: DeclaredField): void {
    if (field.maxLength === undefined) return;
    // Text that must read as a size or a count (its kind, or a `readsAs` check) is padded with zeros: '0001' reads as 1 and 1 MB.
    const readAs = field.kind === 'size' || (this.tool.checks ?? []).some((check) => check.rule === 'readsAs' && check.field === name);
    this.accept(
      name,
      readAs ? '1'.padStart(field.maxLength, '0') : 'x'.repeat(field.maxLength),
      `${name}=max-length`,
      `${field.label}: ${field.maxLength} characters (the most)`,
      'text',
      'schema',
    );
    const long = 'x'.repeat(field.maxLength + 1);
    this.reject(name, long, `${name}>max-length`, `${field.label}: ${field.maxLength + 1} characters (one too many)`, 'text', this.invalidMessage(field, long));
  }

  /** A size field: the grammar's forms (a unit, a comma, a bare number) and text that is no size. */
  private size(name: string, field: DeclaredField): void {
    this.accept(name, '1,5 mb', `${name}=grammar`, `${field.label}: a comma decimal and a lower-case unit (1,5 mb)`, 'text', 'schema');
    this.accept(name, '2', `${name}=bare`, `${field.label}: a bare number (megabytes)`, 'text', 'schema');
    this.reject(name, 'abc', `${name}=abc`, `${field.label}: not a size`, 'text', this.invalidMessage(field, 'abc'));
    this.reject(name, '0KB', `${name}=zero`, `${field.label}: nothing (0KB)`, 'text', this.invalidMessage(field, '0KB'));
    this.text(name, field);
  }

  /** Items placed on the pages: text that is no JSON, and an item of a kind the field does not take. */
  private pageItems(name: string, field: DeclaredField & PageItemsOptions): void {
    const { invalid } = pageItemsMessages(field);
    this.reject(name, '[{', `${name}=not-json`, `${field.label}: not JSON`, 'text', invalid);
    const foreign = PAGE_ITEM_KINDS.find((kind) => !field.kinds.includes(kind))!;
    const stray = JSON.stringify([{ kind: foreign, page: 1, x: 10, y: 10, width: 20, height: 20 }]);
    // Named item by item, whatever the field's `invalid` (which is for text that is no list of items).
    const refused = field.schema.safeParse(stray);
    if (refused.success) throw new Error(`Tool "${this.tool.id}": an item of kind "${foreign}" was expected to be refused by field "${field.label}".`);
    this.reject(name, stray, `${name}=other-kind`, `${field.label}: an item of a kind it does not take (${foreign})`, 'text', refused.error.issues[0].message);
  }

  private pages(name: string, field: DeclaredField): void {
    // A function of n with a character the grammar does not know (reference §2).
    const bad = '2n+x';
    this.reject(name, bad, `${name}=${bad}`, `${field.label}: an expression the page grammar refuses`, 'text', new PageSelectionError(bad).message);
    this.accept(name, '1,2-3,2n+1,all', `${name}=grammar`, `${field.label}: numbers, a range, a function of n and all`, 'text', 'schema');
  }

  private required(name: string, field: DeclaredField): void {
    const condition = this.conditionOf(name);
    // A required field with a default takes it when left out: only a value sent blank (the page's boxes all unticked) is refused.
    const defaulted = field.default !== undefined;
    this.add({
      id: `${name}-missing`,
      group: 'required',
      title: `${field.label} left out${condition ? ' while shown' : ''}${defaulted ? ': takes its default' : ''}`,
      condition,
      fields: this.request({ [name]: undefined }, { show: name, keepChecks: true }),
      expect: defaulted ? this.success() : this.fieldError(name, field.required!),
      run: 'http',
    });
  }

  /**
   * A `file` field: sent when optional, left out when required (while shown), a
   * file of another type, one too many, an empty one.
   */
  private fileField(name: string, field: FileField): void {
    const show = this.request({}, { show: name });
    const others = this.requiredFieldUploads(show, name);
    const condition = this.conditionOf(name);
    const send = (id: string, title: string, upload: QaUpload | undefined, expect: QaExpectation) =>
      this.add({ id, group: 'files', title, condition, fields: show, fieldUploads: upload ? { ...others, [name]: upload } : others, expect, run: 'http' });
    const valid = this.fieldUpload(field);
    if (isFieldRequired(field, this.parsedView(show))) {
      send(`${name}-missing`, `${field.label} left out${condition ? ' while shown' : ''}`, undefined, this.fieldError(name, field.required!));
    } else {
      send(`${name}=file`, `${field.label}: ${describeUpload(valid)}`, valid, this.success());
    }
    for (const alias of field.aliases ?? []) {
      this.add({
        id: `${alias}(alias of ${name})`,
        group: 'defaults',
        title: `${field.label} sent under its other name \`${alias}\``,
        condition,
        fields: show,
        fieldUploads: { ...others, [alias]: valid },
        expect: this.success(),
        run: 'http',
      });
    }
    if (!acceptsAnything(field.accept)) {
      const wrong = this.fieldUpload(field, 'wrong-type');
      send(`${name}-wrong-type`, `${field.label}: ${FILE_TYPES[wrong.type].label} content named ${wrong.name}`, wrong, {
        ...RUNNER_ERRORS.wrongFileType,
        message: wrongTypeMessage(field),
      });
    }
    const max = maxFilesOfField(field, this.limits.maxFiles);
    if (Number.isFinite(max)) {
      // Past the field's own limit the schema answers; past the server's lower one, the runner (same wording).
      const ownMax = field.multiple ? (field.maxFiles ?? Infinity) : 1;
      const parts = Array.from({ length: max + 1 }, () => ({ name: valid.name, size: 1 }));
      const refused = field.schema.safeParse(parts);
      if (max === ownMax && refused.success) throw new Error(`Tool "${this.tool.id}": ${max + 1} files were expected to be too many for field "${name}".`);
      const message = max < ownMax ? tooManyFilesMessage(field.label, max) : refused.error!.issues[0].message;
      send(
        `${name}-too-many`,
        `${field.label}: ${max + 1} files, at most ${max} allowed`,
        this.fieldUpload(field, 'valid', max + 1),
        this.fieldError(name, message),
      );
    }
    send(`${name}-empty`, `${field.label}: an empty file (0 bytes)`, this.fieldUpload(field, 'empty'), {
      ...RUNNER_ERRORS.invalidArgument,
      message: RUNNER_TEXTS.emptyFile(valid.name),
    });
  }

  /** A conditional field's value, even a wrong one, is ignored while the field is hidden. */
  private hidden(name: string, field: DeclaredField): void {
    const hiding: Values = {};
    for (const [controller, allowed] of Object.entries(field.visibleWhen!)) {
      const control = this.tool.fields[controller] as DeclaredField | undefined;
      const candidates: Scalar[] = control?.options?.map((o) => o.value) ?? (control?.kind === 'checkbox' ? [true, false] : []);
      const other = candidates.find((v) => !allowed.some((a) => String(a) === String(v)));
      if (other === undefined) return;
      hiding[controller] = other;
    }
    const junk = field.kind === 'number' || field.kind === 'select' || field.kind === 'size' ? 'abc' : field.kind === 'pages' ? '2n+x' : undefined;
    if (junk === undefined) return;
    const shown = Object.entries(hiding)
      .map(([k, v]) => `${k} = ${String(v)}`)
      .join(' and ');
    this.add({
      id: `${name}-hidden`,
      group: 'hidden',
      title: `${field.label} is ignored while hidden, even with a wrong value ("${junk}")`,
      condition: shown,
      fields: this.request({ ...hiding, [name]: junk }),
      expect: this.success(),
      run: 'schema',
    });
  }

  private checks(): void {
    for (const check of this.tool.checks ?? []) {
      if (check.rule === 'readsAs') {
        this.readsAs(check);
        continue;
      }
      const field = this.tool.fields[check.field] as DeclaredField;
      const than = this.tool.fields[check.than] as DeclaredField;
      const low = Number(this.validValue(field));
      const high = Math.max(low + this.delta(field), Number(this.validValue(than)));
      const show = { ...this.showing(check.field, {}), ...this.showing(check.than, {}) };
      const condition = this.conditionOf(check.field) ?? this.conditionOf(check.than);
      this.add({
        id: `${check.field}<${check.than}`,
        group: 'checks',
        title: `${field.label} less than ${than.label} (${numeral(low)} < ${numeral(high)})`,
        condition,
        fields: this.request({ ...show, [check.field]: low, [check.than]: high }),
        expect: this.fieldError(check.field, check.message),
        run: 'http',
      });
      this.add({
        id: `${check.field}=${check.than}`,
        group: 'checks',
        title: `${field.label} equal to ${than.label} (${numeral(high)})`,
        condition,
        fields: this.request({ ...show, [check.field]: high, [check.than]: high }),
        expect: this.success(),
        run: 'schema',
      });
    }
  }

  /** A text that must read as a size or a count while other fields hold some values: one that does not, and one that does. */
  private readsAs(check: Extract<ToolCheck, { rule: 'readsAs' }>): void {
    const field = this.tool.fields[check.field] as DeclaredField;
    const when = Object.fromEntries(Object.entries(check.when).map(([other, values]) => [other, values[0]]));
    const condition = Object.entries(when)
      .map(([other, value]) => `${other} = ${String(value)}`)
      .join(' and ');
    const [bad, good] = check.as === 'size' ? ['two megabytes', '1,5MB'] : ['1.5', '3'];
    const id = `${check.field}-as-${check.as}-${Object.values(when).join('-')}`;
    const show = this.showing(check.field, when);
    this.add({
      id,
      group: 'checks',
      title: `${field.label} not a ${check.as} ("${bad}")`,
      condition,
      fields: this.request({ ...show, [check.field]: bad }, { keepChecks: true }),
      expect: this.fieldError(check.field, check.message),
      run: 'http',
    });
    this.add({
      id: `${id}-ok`,
      group: 'checks',
      title: `${field.label} a ${check.as} ("${good}")`,
      condition,
      fields: this.request({ ...show, [check.field]: good }),
      expect: this.success(),
      run: 'schema',
    });
  }

  private files(): void {
    const { input } = this.tool;
    const min = minFilesOf(this.tool);
    const max = maxFilesOf(this.tool, this.limits);
    const fields = this.request();
    const file = (id: string, title: string, upload: QaUpload, expect: QaExpectation) =>
      this.add({ id, group: 'files', title, fields, upload, expect, run: 'http' });
    const sample = FILE_TYPES[sampleTypeOf(this.tool)].label;
    const files = (n: number) => `${n} ${sample} file${n === 1 ? '' : 's'}`;

    file('no-file', 'No file sent', this.upload('valid', 0), { ...RUNNER_ERRORS.missingFile, message: input.messages.missing });
    if (min > 1) {
      file('too-few-files', `${files(min - 1)}; at least ${min} needed`, this.upload('valid', min - 1), {
        ...RUNNER_ERRORS.invalidArgument,
        message: input.messages.tooFew ?? input.messages.missing,
      });
    }
    if (Number.isFinite(max)) {
      file('too-many-files', `${files(max + 1)}; at most ${max} allowed`, this.upload('valid', max + 1), {
        ...RUNNER_ERRORS.tooManyFiles,
        message: RUNNER_TEXTS.tooManyFiles(max),
      });
    }
    // A tool that takes any file (Pipeline: its steps judge them) has no wrong type.
    if (!acceptsAnything(input.accept)) {
      const wrong = this.upload('wrong-type');
      file('wrong-type', `Not an accepted type: ${FILE_TYPES[wrong.type].label} content named ${wrong.name}`, wrong, {
        ...RUNNER_ERRORS.wrongFileType,
        message: input.messages.wrongType,
      });
    }
    file('empty-file', 'An empty file (0 bytes)', this.upload('empty'), { ...RUNNER_ERRORS.invalidArgument, message: RUNNER_TEXTS.emptyFile(this.uploadName) });
    // Only uploads taken as PDFs are opened before the processor runs; other tools' engines judge their own files.
    if (input.accept.includes('pdf')) {
      file(
        'corrupt-pdf',
        'A damaged PDF (starts like one, then falls apart)',
        this.upload('corrupt'),
        input.repairsDamagedPdf
          ? { ...RUNNER_ERRORS.pdfBeyondRepair, message: RUNNER_TEXTS.pdfBeyondRepair(this.uploadName) }
          : { ...RUNNER_ERRORS.pdfCorrupted, message: RUNNER_TEXTS.pdfCorrupted },
      );
      file('password-pdf', 'A PDF that needs a user password to open', this.upload('encrypted'), {
        ...RUNNER_ERRORS.pdfPassword,
        message: RUNNER_TEXTS.pdfPassword,
      });
    }
    file('too-large', `A file over ${formatMegabytes(this.limits.maxUploadBytes)}`, this.upload('too-large', 1), {
      ...RUNNER_ERRORS.fileTooLarge,
      message: RUNNER_TEXTS.fileTooLarge(this.limits.maxUploadBytes),
    });
  }
}
