import { PdfCorruptedError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { decodedStreamSize, readStreamText } from '../../engines/qpdf/qpdf-streams';
import type { EditableDict, PdfEdits } from '../../pdf-objects/object-edits';
import { isReference } from '../../pdf-objects/pdf-objects';

/** XFA packets larger than this are not rewritten (real templates are tens or hundreds of KB). */
const MAX_XFA_BYTES = 32 * 1024 * 1024;

/**
 * An XFA field, exclusion group or subform's `access` that keeps the user out
 * (XFA 3.3: readOnly, protected, nonInteractive), in either quoting.
 */
const LOCKED_ACCESS = /(\saccess\s*=\s*)(["'])(?:readOnly|protected|nonInteractive)\2/g;

/**
 * Makes the form's XFA agree with its unlocked AcroForm. Where the AcroForm
 * has fields of its own (a hybrid form, what nearly every XFA form is), the
 * XFA is removed: Acrobat would otherwise show the XFA form, with its own
 * read-only settings and scripts that may set them again, while every other
 * viewer shows the AcroForm; without it, all of them show the same AcroForm,
 * now editable, with the values it holds. Where the XFA is the whole form
 * (a dynamic form; its AcroForm lists no fields), removing it would remove
 * the form, so its packets are rewritten instead, every locked `access`
 * set to "open", as the reference does.
 */
export async function reconcileXfa(edits: PdfEdits, form: EditableDict, hasAcroFields: boolean, path: string, engine: EngineOptions): Promise<void> {
  const xfa = form.dict['/XFA'];
  if (xfa === undefined) return;
  if (hasAcroFields) {
    delete form.dict['/XFA'];
    edits.touch(form.owner);
    const catalog = edits.catalog;
    if (catalog && '/NeedsRendering' in catalog.dict) {
      delete catalog.dict['/NeedsRendering'];
      edits.touch(catalog.owner);
    }
    return;
  }
  const packets = edits.pdf.array(xfa);
  if (packets) {
    const owner = isReference(xfa) ? `obj:${xfa}` : form.owner;
    let changed = false;
    for (const [index, packet] of packets.entries()) {
      const opened = await openedPacket(edits, packet, path, engine);
      if (opened === undefined) continue;
      packets[index] = opened;
      changed = true;
    }
    if (changed) edits.touch(owner);
  } else {
    const opened = await openedPacket(edits, xfa, path, engine);
    if (opened === undefined) return;
    form.dict['/XFA'] = opened;
    edits.touch(form.owner);
  }
}

/**
 * A new stream holding the packet with every locked access opened, or
 * undefined when the packet is not a stream, has nothing locked, or cannot be
 * read (left as it is).
 */
async function openedPacket(edits: PdfEdits, packet: unknown, path: string, engine: EngineOptions): Promise<string | undefined> {
  if (!isReference(packet) || !edits.isStream(packet)) return undefined;
  const object = Number(packet.split(' ')[0]);
  let text: string;
  try {
    if ((await decodedStreamSize(path, object, MAX_XFA_BYTES, engine)) > MAX_XFA_BYTES) return undefined;
    text = await readStreamText(path, packet, engine);
  } catch (error) {
    if (error instanceof PdfCorruptedError) return undefined;
    throw error;
  }
  const opened = text.replace(LOCKED_ACCESS, '$1$2open$2');
  if (opened === text) return undefined;
  return edits.addStream({}, Buffer.from(opened, 'utf8'));
}
