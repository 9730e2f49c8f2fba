import type { CategoryId } from './categories';
import { fileFieldsOf, maxFilesOfField, type Field, type VisibleWhen } from './fields';
import type { FileTypeKey } from './file-types';
import type { RequestEnhancerKey } from './request-enhancer-keys';
import type { ResultViewKey } from './result-view-keys';

/** The fields of a tool, keyed by the multipart name they travel under. e.g. `{ angle: number({...}) }` */
export type Fields = Readonly<Record<string, Field<any>>>;

export interface InputSpec {
  /** Accepted file types. e.g. ['pdf'] */
  accept: readonly FileTypeKey[];
  /** Several files may be uploaded in one go. */
  multiple: boolean;
  /**
   * The page shows the accepted extensions as a collapsible list (Convert File to
   * PDF), under this summary. e.g. 'Supported file types'
   */
  listAccepted?: string;
  /** Other multipart names clients send the main files under. e.g. ['customFiles'] */
  aliases?: readonly string[];
  /** Fewest files the tool needs; 1 unless stated. e.g. 2 for Merge */
  minFiles?: number;
  /** Most files one request may carry; unlimited when omitted. */
  maxFiles?: number;
  /**
   * The processor combines all files into one result (Merge). Otherwise the tool
   * works on one document at a time and several files are processed as a batch.
   */
  combine?: boolean;
  /**
   * The option holding the password that opens a protected upload (Remove
   * Password). Without it a PDF is opened with an empty password, as the
   * reference's loader does: owner-password-only files open, others get 400.
   * e.g. 'password'
   */
  passwordField?: string;
  /**
   * The tool's work is mending damaged PDFs (Repair PDF): the runner hands its
   * processor a main upload qpdf cannot open, or finds no pages in, with
   * `pageCount` left undefined, instead of refusing it as corrupted (passwords,
   * types, sizes and the page limit are still checked); one it can recover
   * nothing from is answered 400 /errors/pdf-beyond-repair, never the advice to repair it.
   */
  repairsDamagedPdf?: true;
  messages: {
    /** No file chosen. e.g. 'Please upload a PDF file.' */
    missing: string;
    /** A pick or upload left no acceptable file. e.g. 'Please upload PDF files only.' */
    wrongType: string;
    /** A drop left no acceptable file, where the spec words it differently. e.g. 'Please drop PDF files only.' */
    dropWrongType?: string;
    /** Fewer than `minFiles`. e.g. 'Please upload at least two PDF files to merge.' */
    tooFew?: string;
  };
}

/**
 * What a successful response holds, which decides how the page shows it:
 * pdf → preview frame; text → read-only text area; html → opened in a new
 * window; csv → an open-in-new-tab link; zip, json, download → download only.
 * Every kind also gets a download button.
 */
export type ResultKind = 'pdf' | 'zip' | 'text' | 'json' | 'csv' | 'html' | 'download';

/**
 * A file-name template. `{base}` is the uploaded name without its last extension
 * (reference §1.5), `{name}` the whole uploaded name, `{<field>}` the chosen value
 * of one of the tool's options. e.g. '{base}_rotated.pdf', '{base}.{outputFormat}'
 */
export type NameTemplate = string;

export interface DownloadSpec {
  /** Content-Disposition name the API sends, from the reference. e.g. '{base}_rotated.pdf' */
  api: NameTemplate;
  /**
   * Name the browser saves the result under, from the spec; 'from-response' takes
   * the Content-Disposition name. e.g. 'rotated.pdf'
   */
  browser: NameTemplate | 'from-response';
  /** Browser name when no upload name is known. e.g. 'cropped.pdf' */
  fallback?: string;
  /**
   * The processor names the answer from what it finds in the document (Auto
   * Rename: the title); `api` is the name when it finds nothing.
   */
  namedByProcessor?: boolean;
  /** Text of the download button, where the spec names it. e.g. 'Download Cropped PDF' */
  label?: string;
}

/** What changes in the answer while options hold some values: see `result.variants`. */
export interface ResultVariant {
  /** The option values that choose it, like `visibleWhen`. e.g. `{ downloadHtml: [true] }` */
  when: VisibleWhen;
  kind?: ResultKind;
  /** The API's Content-Type for this answer, when not the kind's usual one. */
  apiContentType?: string;
  download?: Partial<DownloadSpec>;
}

/**
 * An answer the processor chooses by what it finds in the document, not by the
 * options: it returns the key this is declared under (`{ path, outcome: 'several-tables' }`).
 * Applied over the variant the options choose.
 */
export interface ResultOutcome extends Omit<ResultVariant, 'when'> {
  /** When the processor gives it, said for OpenAPI and the QA matrix. e.g. 'several tables are found' */
  when: string;
  /**
   * What the page tells the visitor instead of the success toast, where the
   * answer is the reference's but nothing (or not what was asked) happened.
   * The page shows it as a warning and beside the result. e.g. 'No images found in this PDF.'
   */
  notice?: string;
  /**
   * The answer holds nothing worth keeping (an empty ZIP): the page says the
   * notice and offers no download. API clients still get the answer.
   */
  nothingToKeep?: true;
}

/**
 * A rule across fields, checked once they are parsed and visible, on the page
 * and on the server alike (schema.ts), its message by `field`:
 * - `notLess`: `field` must be at least `than`. e.g. end page ≥ start page
 * - `readsAs`: while `when` holds, `field`'s text must read as a size (sizes.ts)
 *   or a whole count of at least 1. e.g. Split by Size's value, a size for
 *   `splitType` 0 and a count for 1 and 2
 */
export type ToolCheck =
  | {
      rule: 'notLess';
      field: string;
      than: string;
      /** e.g. 'Please enter a valid page range.' */
      message: string;
    }
  | {
      rule: 'readsAs';
      field: string;
      as: 'size' | 'count';
      when: VisibleWhen;
      /** e.g. 'Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.' */
      message: string;
    };

export interface ToolDefinition<F extends Fields = Fields> {
  /** Page slug from the spec's route table; unique. e.g. 'rotate' */
  id: string;
  category: CategoryId;
  /** Card and page title. e.g. 'Rotate PDF' */
  title: string;
  /** One sentence under the title. */
  subtitle: string;
  /** POST path, fixed by the Stirling-compatible API. e.g. '/api/v1/general/rotate-pdf' */
  endpoint: string;
  input: InputSpec;
  fields: F;
  /** Rules across fields, checked on both sides like the fields themselves. */
  checks?: readonly ToolCheck[];
  /**
   * This tool's page posts to an endpoint another tool owns (Extract Pages and
   * Organise share rearrange-pages). A request carrying any of these fields is
   * handled as this tool; any other request as the owner.
   */
  sharesEndpoint?: { whenAnyField: readonly (keyof F & string)[] };
  /** A note shown under the title, where the spec has one. e.g. 'Conversion can take up to a minute.' */
  notice?: string;
  /** A link at the end of the notice. e.g. `{ label: 'Print the divider sheet (PDF)', href: '/auto-split-divider.pdf' }` */
  noticeLink?: { label: string; href: string };
  /** A client-side step that adds computed values before sending. e.g. 'crop-box' */
  requestEnhancer?: RequestEnhancerKey;
  action: {
    /** Button text. e.g. 'Rotate PDF' */
    label: string;
    /** Button text while busy, verbatim from the spec. e.g. 'Processing...' */
    busyLabel: string;
    /**
     * Keep the button disabled until this field has non-blank text, where the spec
     * says so. e.g. 'pageNumbers'
     */
    requiresText?: keyof F & string;
  };
  result: {
    kind: ResultKind;
    /**
     * Shows the result on the page in a view of its own, besides the download
     * button, where the spec describes one. e.g. 'signature-list' (Validate PDF
     * Signature's list of signatures)
     */
    view?: ResultViewKey;
    /**
     * Content types the page accepts as a success (a substring match); any other
     * answer shows the error toast, where the spec says so. e.g. ['text/csv']
     */
    contentTypes?: readonly string[];
    /**
     * The API's Content-Type when it is not the kind's usual one (RESULT_CONTENT_TYPES),
     * e.g. 'text/markdown; charset=utf-8', or a ZIP by default where the page asks for
     * HTML. A processor may still set another for one answer.
     */
    apiContentType?: string;
    /** When the API answers 204 No Content instead of a file. e.g. 'no table on the chosen pages' */
    noContentWhen?: string;
    /**
     * Another kind of answer for some option values, the first that matches
     * winning. e.g. Email to PDF's `downloadHtml`: the HTML page instead of the PDF.
     */
    variants?: readonly ResultVariant[];
    /**
     * Other answers the processor gives by what it finds, under the keys it
     * returns. e.g. PDF to CSV: `{ 'several-tables': { when: 'several tables are found', kind: 'zip', download: { api: '{base}_extracted.zip' } } }`
     */
    outcomes?: Readonly<Record<string, ResultOutcome>>;
    /**
     * Response headers a single file's answer may carry (a batch's ZIP carries
     * none), each with what it says: a contract with the result view that reads
     * them. e.g. `{ 'X-Compression-Outcome': '`compressed`, or `already-optimised` when ...' }`
     */
    headers?: Readonly<Record<string, string>>;
  };
  download: DownloadSpec;
  toast: {
    /**
     * Verbatim from the spec. `{FORMAT}` is replaced with the chosen value of the
     * tool's `outputFormat` field, upper-cased. e.g. 'PDF rotated successfully!',
     * 'PDF converted to {FORMAT} successfully!' → 'PDF converted to RTF successfully!'
     */
    success: string;
  };
  /** After a success: keep the form (default) or clear files and reset fields. */
  afterSuccess?: 'keep' | 'reset';
  /**
   * The work is structural (qpdf or pdf-lib rearranging objects: milliseconds a
   * request, memory flat), not rendering, converting or OCR. Cross-tool suites
   * (fuzzing, the QA matrix, the corpus) send such tools many more requests.
   */
  structural?: boolean;
  /** Longest an engine may run for one request, in ms; the server default applies otherwise. */
  timeoutMs?: number;
  /**
   * A run may take minutes (OCR of a long scan, an office conversion, a
   * pipeline): the page sends it as an async job and shows its place in the
   * queue, its progress and a Cancel button. (Any tool's run is sent as a job
   * when its files are large; see the web app's `runsAsJob`.)
   */
  longRunning?: boolean;
  /**
   * Called by API clients and pipelines only (the reference's filters and
   * analysis): no card and no page; the API docs, the pipeline editor and the
   * QA cases list it like any other.
   */
  apiOnly?: true;
  /**
   * As a pipeline step, the tool takes all the files reaching it: the first it
   * accepts as its main upload, the others as this file field's (reference §7.2's
   * multi-input tools). e.g. `{ othersInto: 'overlayFiles' }`
   */
  pipelineInput?: { othersInto: keyof F & string };
}

/**
 * Most files one request may carry for this input: 1 for a single-file tool,
 * else the tool's own limit within the server's.
 */
export function maxFilesPerRequest(input: Pick<InputSpec, 'multiple' | 'maxFiles'>, serverMaxFiles: number): number {
  return input.multiple ? Math.min(input.maxFiles ?? Infinity, serverMaxFiles) : 1;
}

/** Most file parts one request to the tool may carry: its main files and every `file` field's. */
export function maxPartsPerRequest(tool: AnyTool, serverMaxFiles: number): number {
  const fieldFiles = fileFieldsOf(tool).reduce((sum, [, field]) => sum + maxFilesOfField(field, serverMaxFiles), 0);
  return maxFilesPerRequest(tool.input, serverMaxFiles) + fieldFiles;
}

/** Any declared tool, whatever its fields. */
export type AnyTool = ToolDefinition<Fields>;

/** The tools a visitor can open a page for: all but those only API clients call (`apiOnly`). */
export function toolsWithPages<T extends Pick<AnyTool, 'apiOnly'>>(declared: readonly T[]): T[] {
  return declared.filter((tool) => !tool.apiOnly);
}

/**
 * Identity helper that keeps literal types (like ts-rest's initContract), so
 * `ToolParams<typeof rotateTool>` is inferred, never written by hand.
 */
export function defineTool<const F extends Fields, const T extends ToolDefinition<F>>(tool: T & ToolDefinition<F>): T {
  return tool;
}
