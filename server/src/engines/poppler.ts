import { runProcess } from './process';
import type { EngineOptions } from './qpdf';

/** Poppler's command-line tools: reading document information and rendering pages. */

export interface DocumentInfo {
  title?: string;
  /** Milliseconds since the epoch, when the document says. */
  created?: number;
  modified?: number;
}

/** The Info dictionary as pdfinfo reads it (fast: no page content is parsed). */
export async function readDocumentInfo(path: string, options: EngineOptions): Promise<DocumentInfo> {
  const { stdout } = await runProcess('pdfinfo', ['-isodates', '-enc', 'UTF-8', path], options);
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(stdout);
    return match && match[1].trim() !== '' ? match[1].trim() : undefined;
  };
  const date = (name: string) => {
    const text = field(name);
    const time = text ? Date.parse(text.replace(/([+-]\d\d)$/, '$1:00')) : Number.NaN;
    return Number.isNaN(time) ? undefined : time;
  };
  return { title: field('Title'), created: date('CreationDate'), modified: date('ModDate') };
}
