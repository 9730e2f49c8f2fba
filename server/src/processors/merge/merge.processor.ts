import { baseName, mergeTool, type ToolParams } from '@folio/registry';
import { readDocumentInfo } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { hasSignatureFields } from '../../engines/qpdf/qpdf-objects';
import { assemblePages } from '../../engines/qpdf/qpdf-pages';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { readOutlinesToCarry, retargetOutline } from '../../pdf-objects/outline-retargeting';
import { writeOutlines, type OutlineNode } from '../../pdf-objects/outlines';
import { removeSignatures } from '../../pdf-signatures/signature-removal';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

type MergeParams = ToolParams<typeof mergeTool>;

/**
 * Joins all pages of all files (qpdf, streams copied untouched), then rebuilds the
 * bookmarks: every file's own, nested as they were and moved to their new
 * pages, each file's under a bookmark of its own when asked (`generateToc`).
 * The reference flattens them to one level after its per-file entries (§3.6),
 * which puts a file's 1.1 and 1.2 beside 1. and 2., away from their file.
 */
@ToolProcessor(mergeTool)
export class MergeProcessor implements Processor<typeof mergeTool> {
  async run({ files, params, workspace, engine }: ProcessorInput<typeof mergeTool>): Promise<ProcessorOutput> {
    const ordered = await orderFiles(files, params, engine);
    let result = workspace.newPath('.pdf');
    await assemblePages(
      result,
      ordered.map((file) => ({ path: file.path, range: '1-z' })),
      engine,
    );

    const outlines = await mergedOutlines(ordered, params.generateToc, engine);
    if (outlines.length > 0) {
      const withOutlines = workspace.newPath('.pdf');
      await writeOutlines(result, withOutlines, outlines, workspace.newPath('.json'), engine);
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

/**
 * Each file's bookmarks as it had them (nesting, view, style), moved to where
 * its pages now are; with `generateToc`, under one bookmark per file that opens
 * its first page.
 */
async function mergedOutlines(files: InputFile[], generateToc: boolean, engine: EngineOptions): Promise<OutlineNode[]> {
  const merged: OutlineNode[] = [];
  let offset = 0;
  for (const [index, file] of files.entries()) {
    const start = offset;
    const pageCount = file.pageCount ?? 0;
    const own = retargetOutline(await readOutlinesToCarry(file.path, engine), (old) => (old < pageCount ? old + start : undefined));
    if (generateToc) merged.push({ title: baseName(file.originalName).trim() || `Document ${index + 1}`, pageIndex: start, children: own });
    else merged.push(...own);
    offset += pageCount;
  }
  return merged;
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
      const dated = await Promise.all(
        files.map(async (file) => {
          const info = await readDocumentInfo(file.path, engine);
          return { file, time: info.modified ?? info.created ?? 0 };
        }),
      );
      return dated.sort((a, b) => b.time - a.time).map((d) => d.file);
    }
    case 'byPDFTitle': {
      const titled = await Promise.all(files.map(async (file) => ({ file, title: (await readDocumentInfo(file.path, engine)).title })));
      return titled
        .sort(
          (a, b) =>
            (a.title === undefined ? 1 : 0) - (b.title === undefined ? 1 : 0) ||
            (a.title ?? '').localeCompare(b.title ?? '', undefined, { sensitivity: 'accent' }),
        )
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
  for (const name of fileOrder
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)) {
    const index = remaining.findIndex((file) => file.originalName === name);
    if (index >= 0) ordered.push(...remaining.splice(index, 1));
  }
  return [...ordered, ...remaining];
}
