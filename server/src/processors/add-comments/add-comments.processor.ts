import { addCommentsTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { pageNodes, type PageNode } from '../../pdf-objects/page-tree';
import { isReference } from '../../pdf-objects/pdf-objects';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { anchorRect, readPageLines } from './anchor-lines';
import { readCommentSpecs, skipReason, type CommentSpec } from './comment-specs';

/** Author and subject of a comment that names none: ours, where the reference writes "Stirling AI" and "Stirling AI Comment". */
const DEFAULT_AUTHOR = 'Folio';
const DEFAULT_SUBJECT = 'Comment';
/** The note's colour and opacity, the reference's. */
const NOTE_COLOUR = [1, 0.95, 0.4];
const NOTE_OPACITY = 0.9;

/**
 * Add Comments (reference-beyond §8.5): each comment of the JSON list becomes
 * a sticky note (/Text annotation) on its page, at its coordinates or, with
 * `anchorText`, beside the first text line holding that text (Poppler's
 * lines). Comments the reference skips (blank or too long text, no size, no
 * such page) are skipped; when every one is, nothing happened and the answer
 * is a 400. Written as a qpdf JSON update: the pages' annotation lists and the
 * new notes, everything else copied as it is, existing annotations kept.
 */
@ToolProcessor(addCommentsTool)
export class AddCommentsProcessor implements Processor<typeof addCommentsTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addCommentsTool>): Promise<ProcessorOutput> {
    // Required by the declaration: a blank value never reaches the processor.
    if (params.comments === undefined) throw new InvalidInputError(addCommentsTool.fields.comments.required);
    const specs = readCommentSpecs(params.comments);

    const edits = await PdfEdits.read(file.path, engine);
    const pages = pageNodes(edits.pdf);
    const kept = specs.filter((spec) => skipReason(spec, pages.length) === undefined);
    if (kept.length === 0) throw new InvalidInputError(NOTHING_ADDED);
    const anchored = kept.filter((spec) => spec.anchorText).map((spec) => spec.pageIndex);
    const lines = await readPageLines(file.path, anchored, engine);

    const created = pdfDate(new Date());
    for (const spec of kept) {
      const page = pages[spec.pageIndex];
      const anchor = spec.anchorText ? anchorRect(spec.anchorText, lines.get(spec.pageIndex) ?? [], page) : undefined;
      appendAnnotation(edits, page, edits.add(stickyNote(spec, anchor ?? givenRect(spec), page.ref, created)));
    }

    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine);
    return { path: output };
  }
}

/** Where the reference answers an unchanged copy, success here means a comment was added. */
const NOTHING_ADDED =
  'No comments were added: each one was skipped (blank text, text over 100,000 characters, width or height not above 0, or a page the PDF does not have).';

function givenRect(spec: CommentSpec): number[] {
  return [spec.x, spec.y, spec.x + spec.width, spec.y + spec.height];
}

/** The sticky note's dictionary, as the reference's PDFBox text annotation. */
function stickyNote(spec: CommentSpec, rect: number[], pageRef: string, created: string): Record<string, unknown> {
  return {
    '/Type': '/Annot',
    '/Subtype': '/Text',
    '/Name': '/Comment',
    '/Rect': rect,
    '/Contents': `u:${spec.text}`,
    '/T': `u:${spec.author?.trim() ? spec.author : DEFAULT_AUTHOR}`,
    '/Subj': `u:${spec.subject?.trim() ? spec.subject : DEFAULT_SUBJECT}`,
    '/C': NOTE_COLOUR,
    '/CA': NOTE_OPACITY,
    '/CreationDate': `u:${created}`,
    '/M': `u:${created}`,
    '/P': pageRef,
  };
}

/** Adds an annotation to the end of a page's /Annots, which may be missing, direct or an object of its own. */
function appendAnnotation(edits: PdfEdits, page: PageNode, annotation: string): void {
  const pageDict = edits.open(page.ref, `obj:${page.ref}`);
  if (!pageDict) return;
  const annots = pageDict.dict['/Annots'];
  const list = edits.pdf.array(annots);
  if (list && isReference(annots)) {
    list.push(annotation);
    edits.touch(`obj:${annots}`);
  } else {
    pageDict.dict['/Annots'] = [...(list ?? []), annotation];
    edits.touch(pageDict.owner);
  }
}

/** A PDF date in UTC, e.g. D:20260128093000Z. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}
