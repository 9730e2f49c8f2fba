import { FOLIO_DIVIDER_TEXT } from './divider-texts';

/**
 * The printable divider sheet the tool's page links to (spec §2: "a link to a
 * divider instructions PDF"): an A4 page with a large QR code of Folio's
 * divider text and short instructions. It is made once, not per request, and
 * kept as a static file of the web app, so the server's static route serves it:
 * `UPDATE_DIVIDER_SHEET=1 npx jest server/src/processors/auto-split-pages/divider-sheet --selectProjects server-unit`
 * rewrites web/public/auto-split-divider.pdf (qrencode draws the code, rsvg-convert
 * writes the PDF); without the variable that spec checks the kept file.
 */

/** Where the web app keeps the sheet, from the repository root, and the path it is served at. */
export const DIVIDER_SHEET_FILE = 'web/public/auto-split-divider.pdf';
export const DIVIDER_SHEET_URL = '/auto-split-divider.pdf';

/** A4 in points. */
const PAGE = { width: 595, height: 842 };
/** The code's side: 10 cm, so each of its 29 modules is 3.4 mm, some 20 pixels in a 150 DPI scan. */
const CODE_SIDE = 283;

export const DIVIDER_SHEET_LINES = [
  'Folio Auto Split PDF: divider sheet',
  'Print one sheet for each document in your stack (this sheet can be printed again and again).',
  'Put a sheet in front of each document, scan the whole stack into one PDF,',
  'and upload it to Auto Split PDF: a new document starts at every divider sheet,',
  'and the divider sheets are left out.',
  'Scanned both sides? Tick Duplex mode: the back of each sheet is left out too.',
  `The code reads ${FOLIO_DIVIDER_TEXT}. Keep it clean, flat and uncovered.`,
] as const;

/**
 * The sheet as SVG, around the code's modules as qrencode draws them
 * (`qrencode -t SVG --rle -l H -m 0 -s 1`: one unit per module): its `<rect>`s
 * are scaled into place below the instructions.
 */
export function dividerSheetSvg(qrSvg: string): string {
  const modules = Number(/viewBox="0 0 (\d+) \d+"/.exec(qrSvg)?.[1]);
  const rects = [...qrSvg.matchAll(/<rect [^>]*fill="#000000"[^>]*\/>/g)].map((match) => match[0]);
  if (!(modules > 0) || rects.length === 0) throw new Error('dividerSheetSvg: expected qrencode SVG output with black modules.');
  const scale = CODE_SIDE / modules;
  const left = (PAGE.width - CODE_SIDE) / 2;
  const [title, ...instructions] = DIVIDER_SHEET_LINES;
  const text = (line: string, y: number, size: number, weight = 'normal') =>
    `<text x="${PAGE.width / 2}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" text-anchor="middle" fill="#000000">${escapeXml(line)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}pt" height="${PAGE.height}pt" viewBox="0 0 ${PAGE.width} ${PAGE.height}">`,
    `<rect x="0" y="0" width="${PAGE.width}" height="${PAGE.height}" fill="#ffffff"/>`,
    text(title, 90, 22, 'bold'),
    `<g transform="translate(${left} 150) scale(${scale})" shape-rendering="crispEdges">${rects.join('')}</g>`,
    ...instructions.map((line, i) => text(line, 150 + CODE_SIDE + 70 + i * 24, i === instructions.length - 1 ? 10 : 12)),
    '</svg>',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
