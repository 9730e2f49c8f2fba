import { PdfCorruptedError } from '../../engines/pdf-errors';
import { decodedStreamSize, readStreamText } from '../../engines/qpdf/qpdf-streams';
import type { EngineOptions } from '../../engines/process';
import type { PdfEdits } from '../../pdf-objects/object-edits';
import { isReference } from '../../pdf-objects/pdf-objects';
import { actionType, removeHeldActions } from './actions';

/**
 * Takes out every JavaScript the file can run, wherever it hides: the
 * document's JavaScript name tree, its open action, the triggers (/AA) of
 * the document, pages, annotations and form fields, the actions of links,
 * buttons and bookmarks, JavaScript chained after another action (/Next),
 * a rendition action's script, a 3D model's start-up script and a rich-media
 * annotation's scripts. The actions around them stay.
 */
export function removeJavaScript(edits: PdfEdits): void {
  const isJavaScript = (action: Record<string, unknown>) => actionType(edits, action) === '/JavaScript';

  const catalog = edits.catalog;
  const names = catalog && edits.open(catalog.dict['/Names'], catalog.owner);
  if (names && '/JavaScript' in names.dict) {
    delete names.dict['/JavaScript'];
    edits.touch(names.owner);
  }

  edits.eachDictionary((dict, owner) => {
    removeHeldActions(edits, dict, owner, isJavaScript);

    // A rendition action may carry a script beside its media (/JS); a 3D stream one to run on load.
    const renditionScript = actionType(edits, dict) === '/Rendition' && '/JS' in dict;
    const scriptKeys = [...(renditionScript ? ['/JS'] : []), '/OnInstantiate', ...(isRichMediaActivation(edits, dict) ? ['/Scripts'] : [])];
    for (const key of scriptKeys) {
      if (!(key in dict)) continue;
      delete dict[key];
      edits.touch(owner);
    }
  });
}

function isRichMediaActivation(edits: PdfEdits, dict: Record<string, unknown>): boolean {
  return edits.pdf.resolve(dict['/Type']) === '/RichMediaActivation' || ('/Scripts' in dict && '/Condition' in dict);
}

/** An XFA packet is read up to this size; a bigger one is taken to hold scripts. */
const MAX_XFA_BYTES = 32 * 1024 * 1024;
/** A <script> element of an XFA template, with or without a namespace prefix. */
const XFA_SCRIPT = /<([\w.-]+:)?script[\s>/]/i;

/**
 * Drops the XFA form of an AcroForm when any of its packets holds a script
 * (JavaScript or FormCalc): viewers that run XFA run those. The AcroForm
 * fields stay. Answers whether it was dropped.
 */
export async function removeScriptedXfa(edits: PdfEdits, path: string, engine: EngineOptions): Promise<boolean> {
  const catalog = edits.catalog;
  const form = catalog && edits.open(catalog.dict['/AcroForm'], catalog.owner);
  const xfa = form?.dict['/XFA'];
  if (!form || xfa === undefined) return false;
  const packets = (edits.pdf.array(xfa) ?? [xfa]).filter((value) => edits.isStream(value)) as string[];
  let scripted = false;
  for (const ref of packets) {
    if (isReference(ref) && (await packetHasScript(path, ref, engine))) {
      scripted = true;
      break;
    }
  }
  if (!scripted) return false;
  delete form.dict['/XFA'];
  edits.touch(form.owner);
  if ('/NeedsRendering' in catalog.dict) {
    delete catalog.dict['/NeedsRendering'];
    edits.touch(catalog.owner);
  }
  return true;
}

/** Whether a packet holds a script; one that cannot be decoded or is too big to read is taken to. */
async function packetHasScript(path: string, ref: string, engine: EngineOptions): Promise<boolean> {
  try {
    const object = Number(ref.split(' ')[0]);
    if ((await decodedStreamSize(path, object, MAX_XFA_BYTES, engine)) > MAX_XFA_BYTES) return true;
    return XFA_SCRIPT.test(await readStreamText(path, ref, engine));
  } catch (error) {
    if (error instanceof PdfCorruptedError) return true;
    throw error;
  }
}
