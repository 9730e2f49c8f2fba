import { writePdf } from './pdf-writer';

/** A bookmark of `bookmarkedPdf`: its title, the page it opens (1-based; 0 for none) and its children. */
export interface BookmarkSpec {
  title: string;
  page: number;
  children?: BookmarkSpec[];
  /** Open the page through a GoTo action instead of /Dest. */
  action?: boolean;
}

export interface BookmarkedPdfOptions {
  /** Text on page n is `<label> page <n>`. */
  label?: string;
  /** Document information entries, e.g. { Title: 'Annual report', Author: 'Asha' }. */
  info?: Record<string, string>;
}

/** A text string any reader decodes: UTF-16BE with its byte-order mark, in hex. */
function textString(text: string): string {
  const utf16 = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < utf16.length; i += 2) [utf16[i], utf16[i + 1]] = [utf16[i + 1], utf16[i]];
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

/**
 * `pages` pages of 300 × 400 pt, each with its text, and the given bookmarks
 * (nested as given), written byte by byte so their structure is exactly this.
 */
export function bookmarkedPdf(pages: number, bookmarks: readonly BookmarkSpec[], options: BookmarkedPdfOptions = {}): Buffer {
  const label = options.label ?? 'book';
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  add('CATALOG');
  add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageRefs: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const content = `BT /F1 18 Tf 20 200 Td (${label} page ${n}) Tj ET`;
    const contents = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    pageRefs.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`));
  }
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] >>`;

  /** Writes one level of items under `parent`; answers their numbers and how many items they hold in all. */
  const writeLevel = (items: readonly BookmarkSpec[], parent: number): { refs: number[]; count: number } => {
    const refs = items.map(() => add('ITEM'));
    let count = items.length;
    items.forEach((item, i) => {
      const children = item.children?.length ? writeLevel(item.children, refs[i]) : undefined;
      if (children) count += children.count;
      const target = item.page > 0 ? `[${pageRefs[item.page - 1]} 0 R /Fit]` : undefined;
      const destination = !target ? '' : item.action ? `/A << /S /GoTo /D ${target} >>` : `/Dest ${target}`;
      objects[refs[i] - 1] =
        `<< /Title ${textString(item.title)} /Parent ${parent} 0 R ${destination}` +
        (i > 0 ? ` /Prev ${refs[i - 1]} 0 R` : '') +
        (i < items.length - 1 ? ` /Next ${refs[i + 1]} 0 R` : '') +
        (children ? ` /First ${children.refs[0]} 0 R /Last ${children.refs[children.refs.length - 1]} 0 R /Count ${children.count}` : '') +
        ' >>';
    });
    return { refs, count };
  };

  let catalogExtra = '';
  if (bookmarks.length > 0) {
    const outlines = add('OUTLINES');
    const top = writeLevel(bookmarks, outlines);
    objects[outlines - 1] = `<< /Type /Outlines /First ${top.refs[0]} 0 R /Last ${top.refs[top.refs.length - 1]} 0 R /Count ${top.count} >>`;
    catalogExtra = ` /Outlines ${outlines} 0 R /PageMode /UseOutlines`;
  }
  objects[0] = `<< /Type /Catalog /Pages 2 0 R${catalogExtra} >>`;
  let trailerExtra = '';
  if (options.info) {
    const info = add(`<< ${Object.entries(options.info).map(([key, value]) => `/${key} ${textString(value)}`).join(' ')} >>`);
    trailerExtra = `/Info ${info} 0 R`;
  }
  return writePdf(objects, trailerExtra);
}
