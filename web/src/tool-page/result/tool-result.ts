import type { ResultKind } from '@folio/registry';

/** A finished run's file, as the result panel shows it. */
export interface ToolResult {
  body: Blob;
  /** The name it is saved under. e.g. 'rotated.pdf' */
  fileName: string;
  /**
   * How the page shows it: the tool's result kind, except that several files run
   * through a one-document tool come back as a ZIP, and a PDF is previewed only
   * when one came back.
   */
  kind: ResultKind;
  /** The response's headers, names in lower case, for a result view that reads them. */
  headers?: Readonly<Record<string, string>>;
  /** The files the run sent, main files first, then each `file` field's: a view that shows them beside the answer (Compare). */
  inputs?: readonly File[];
}
