import { removeAnnotations, type PdfEdits } from '../../pdf-objects/object-edits';
import { isReference, type PdfObjects } from '../../pdf-objects/pdf-objects';
import { actionType, removeHeldActions } from './actions';

/**
 * Actions that leave the document or fetch something from outside it,
 * whatever they point at: a web address, a program, another file, a file
 * inside an attachment, a form sent or data read from elsewhere, an article
 * thread (PDF 32000 §12.6.4). JavaScript is Remove JavaScript's.
 */
const LEAVING_ACTIONS = new Set(['/URI', '/Launch', '/GoToR', '/GoToE', '/SubmitForm', '/ImportData', '/Thread']);

/** Actions that play media: they fetch only when the media is outside the file. */
const MEDIA_ACTIONS = new Set(['/Sound', '/Movie', '/Rendition']);

/** Steps taken at most through a rendition's nesting (selector renditions, clip sections): a hostile file cannot make it endless. */
const MAX_MEDIA_STEPS = 1000;

/**
 * Takes out every action that leaves the document or fetches anything,
 * wherever actions live (the open action, the document's, pages', annotations'
 * and fields' triggers, links' and other annotations' actions, outline items,
 * /Next chains), and the movie and sound annotations that play outside files.
 * Links stay, inert; actions within the document (go-to, named, media
 * carried inside the file) stay.
 */
export function removeExternalActions(edits: PdfEdits): void {
  const pdf = edits.pdf;
  const external = (action: Record<string, unknown>) => {
    const type = String(actionType(edits, action));
    return LEAVING_ACTIONS.has(type) || (MEDIA_ACTIONS.has(type) && playsOutsideMedia(pdf, type, action));
  };
  edits.eachDictionary((dict, owner) => removeHeldActions(edits, dict, owner, external));
  removeAnnotations(edits, (annotation) => {
    const subtype = pdf.resolve(annotation['/Subtype']);
    if (subtype === '/Movie') return !carriesItsFile(pdf, pdf.dict(annotation['/Movie'])?.['/F']);
    return subtype === '/Sound' && soundIsOutside(pdf, annotation['/Sound']);
  });
}

/**
 * Whether a media action plays something that is not inside the file. What
 * cannot be told (a movie named only by title, a broken rendition) counts as
 * outside: a sanitizer errs on the safe side.
 */
function playsOutsideMedia(pdf: PdfObjects, type: string, action: Record<string, unknown>): boolean {
  if (type === '/Sound') return soundIsOutside(pdf, action['/Sound']);
  if (type === '/Movie') return !carriesItsFile(pdf, pdf.dict(pdf.dict(action['/Annotation'])?.['/Movie'])?.['/F']);
  // A rendition action without a rendition (/R) stops, pauses or resumes what its screen annotation already plays.
  return action['/R'] !== undefined && renditionIsOutside(pdf, action['/R']);
}

/** A sound stream whose samples are in an outside file (/F) rather than in the stream. */
function soundIsOutside(pdf: PdfObjects, sound: unknown): boolean {
  const dict = pdf.dict(sound);
  return !dict || dict['/F'] !== undefined;
}

/**
 * Whether a rendition plays anything outside the file: a media rendition's
 * clip (/C), a clip section's clip (/D), a selector rendition's choices (/R).
 */
function renditionIsOutside(pdf: PdfObjects, rendition: unknown): boolean {
  const seen = new Set<unknown>();
  const stack = [rendition];
  while (stack.length > 0) {
    const value = stack.pop();
    const dict = pdf.dict(value);
    if (!dict) return true;
    if (seen.has(dict)) continue;
    if (seen.size >= MAX_MEDIA_STEPS) return true;
    seen.add(dict);
    const subtype = pdf.resolve(dict['/S']);
    if (subtype === '/SR') stack.push(...(pdf.array(dict['/R']) ?? []));
    else if (subtype === '/MR') stack.push(dict['/C']);
    else if (subtype === '/MCS') stack.push(dict['/D']);
    else if (subtype === '/MCD') {
      if (!carriesItsFile(pdf, dict['/D'])) return true;
    } else return true;
  }
  return false;
}

/**
 * Whether media data is inside the file: a stream, or a file specification
 * carrying its file (/EF) that is no web address. A plain string, or a file
 * specification without its file, names a file elsewhere.
 */
function carriesItsFile(pdf: PdfObjects, data: unknown): boolean {
  if (isReference(data) && pdf.objects[`obj:${data}`]?.stream) return true;
  const spec = pdf.dict(data);
  return !!spec && spec['/EF'] !== undefined && pdf.resolve(spec['/FS']) !== '/URL';
}
