import { baseName, mergeTool, type ToolParams } from '@folio/registry';
import { readDocumentInfo } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { assemblePages, hasSignatureFields } from '../../engines/qpdf';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { flattenOutlines, readOutlines, writeOutlines, type OutlineEntry } from '../../pdf-objects/outlines';
import { removeSignatures } from '../../pdf-signatures/signature-removal';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

type MergeParams = ToolParams<typeof mergeTool>;

/**
 * Joins all pages of all files (qpdf, streams copied untouched), then rebuilds the
 * bookmarks: one per file when asked (`generateToc`), then every file's own
 * bookmarks flattened and shifted to their new pages (reference §3.6).
 */
@ToolProcessor(mergeTool)
export class MergeProcessor implements Processor<typeof mergeTool> {
  async run({ files, params, workspace, engine }: ProcessorInput<typeof mergeTool>): Promise<ProcessorOutput> {
    const ordered = await orderFiles(files, params, engine);
    let result = workspace.newPath('.pdf');
    await assemblePages(result, ordered.map((file) => ({ path: file.path, range: '1-z' })), engine);

    const outlines = await mergedOutlines(ordered, params.generateToc, engine);
    if (outlines.length > 0) {
      const withOutlines = workspace.newPath('.pdf');
      await writeOutlines(result, withOutlines, outlines.map((entry) => ({ ...entry, children: [] })), workspace.newPath('.json'), engine);
      result = withOutlines;
    }

    if (params.removeCertSign && (await hasSignatureFields(result, engine))) {
      // As Remove Certificate does: signature fields go, what they showed stays; links and comments are kept.
      const edits = await PdfEdits.read(result, engine);
      removeSignatures(edits);
      const unsigned = workspace.newPath('.pdf');
      await edits.write(result, unsigned, workspace.newPath('.json'), engine, { decrypt: true });
      result = unsigned;
    }
    return { path: result, nameFrom: ordered[0].originalName };
  }
}

async function mergedOutlines(files: InputFile[], generateToc: boolean, engine: EngineOptions): Promise<OutlineEntry[]> {
  const toc: OutlineEntry[] = [];
  const originals: OutlineEntry[] = [];
  let offset = 0;
  for (const [index, file] of files.entries()) {
    if (generateToc) toc.push({ title: baseName(file.originalName).trim() || `Document ${index + 1}`, pageIndex: offset });
    for (const entry of flattenOutlines(await readOutlines(file.path, engine))) originals.push({ ...entry, pageIndex: entry.pageIndex + offset });
    offset += file.pageCount ?? 0;
  }
  return [...toc, ...originals];
}

/** The order the files are merged in: `fileOrder` names when given, else `sortType` (stable). */
export async function orderFiles(files: InputFile[], params: MergeParams, engine: EngineOptions): Promise<InputFile[]> {
  if (params.fileOrder?.trim()) return orderByNames(files, params.fileOrder);
  switch (params.sortType) {
    case 'byFileName':
      return [...files].sort((a, b) => a.originalName.localeCompare(b.originalName, undefined, { sensitivity: 'accent' }));
    case 'byDateModified':
    case 'byDateCreated': {
      // The reference sorts both newest first by the PDF's own dates, ModDate before CreationDate.
      const dated = await Promise.all(files.map(async (file) => {
        const info = await readDocumentInfo(file.path, engine);
        return { file, time: info.modified ?? info.created ?? 0 };
      }));
      return dated.sort((a, b) => b.time - a.time).map((d) => d.file);
    }
    case 'byPDFTitle': {
      const titled = await Promise.all(files.map(async (file) => ({ file, title: (await readDocumentInfo(file.path, engine)).title })));
      return titled
        .sort((a, b) => (a.title === undefined ? 1 : 0) - (b.title === undefined ? 1 : 0) || (a.title ?? '').localeCompare(b.title ?? '', undefined, { sensitivity: 'accent' }))
        .map((t) => t.file);
    }
    default:
      return files;
  }
}

/** Each listed name takes the first unused upload of that name; the rest follow in upload order. */
function orderByNames(files: InputFile[], fileOrder: string): InputFile[] {
  const remaining = [...files];
  const ordered: InputFile[] = [];
  for (const name of fileOrder.split('\n').map((line) => line.trim()).filter(Boolean)) {
    const index = remaining.findIndex((file) => file.originalName === name);
    if (index >= 0) ordered.push(...remaining.splice(index, 1));
  }
  return [...ordered, ...remaining];
}
