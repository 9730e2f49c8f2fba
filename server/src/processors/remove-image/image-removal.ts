import type { ObjectUpdate, QpdfObjects } from '../../engines/qpdf/qpdf-objects';
import { asDict } from '../../pdf-objects/pdf-objects';

/**
 * What an image object becomes: a form that draws nothing. Content streams
 * keep their `/Name Do`, which now paints nothing at all, so no viewer meets a
 * name its resources lack, and the pixels are gone from the file.
 */
const EMPTY_FORM: ObjectUpdate = { stream: { dict: { '/Type': '/XObject', '/Subtype': '/Form', '/BBox': [0, 0, 0, 0] }, data: '' } };

/**
 * The updates that take every image out of a document (qpdf's listing of its
 * objects): each image object (drawn by pages, forms, patterns, annotations;
 * soft masks and stencils go with the images they belong to, nothing refers
 * to them any more) becomes an empty form, and page thumbnails are dropped.
 * Nothing else changes: text, drawings, fonts, links and forms stay as they are.
 */
export function imageRemovals(objects: QpdfObjects): Record<string, ObjectUpdate> {
  const updates: Record<string, ObjectUpdate> = {};
  for (const [key, entry] of Object.entries(objects)) {
    if (!key.startsWith('obj:')) continue;
    if (entry.stream?.dict['/Subtype'] === '/Image') {
      updates[key] = EMPTY_FORM;
      continue;
    }
    const page = asDict(entry.value);
    if (page?.['/Type'] === '/Page' && page['/Thumb'] !== undefined) {
      const withoutThumbnail = { ...page };
      delete withoutThumbnail['/Thumb'];
      updates[key] = { value: withoutThumbnail };
    }
  }
  return updates;
}
