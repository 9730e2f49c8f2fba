import { nameOf, textOf } from '../../pdf-objects/pdf-objects';
import { pageAnnotations, type CheckedDocument, type Finding } from './checked-document';
import { unembeddedFonts, type Check } from './pdfa-checks';
import { xmpValue } from '../../pdf-objects/xmp-properties';

/**
 * The PDF/UA-1 requirements Folio checks (ISO 14289-1), each named by the
 * clause and test number of veraPDF's PDF/UA-1 rule ids. They read the
 * catalog, the structure tree and the pages' annotations; the tagged content
 * itself (marked content in the content streams, reading order, headings,
 * tables, lists) is not checked (see PDFUA_NOT_CHECKED).
 */

/** Structure elements visited at most: real trees have thousands; a hostile one may be endless. */
const MAX_STRUCTURE_ELEMENTS = 200_000;

export type PdfuaPart = 1 | 2;

export const UA_SPECIFICATIONS: Record<PdfuaPart, string> = { 1: 'ISO 14289-1:2014', 2: 'ISO 14289-2:2024' };

export const PDFUA_CHECKS: readonly Check<PdfuaPart>[] = [
  {
    description: 'The catalog has a MarkInfo dictionary whose Marked entry is true.',
    rules: { 1: { clause: '6.2', testNumber: 1 } },
    run: ({ pdf }) =>
      pdf.resolve(pdf.dict(pdf.catalog?.['/MarkInfo'])?.['/Marked']) === true
        ? []
        : [{ message: 'The catalog has no MarkInfo dictionary with Marked true: the document is not tagged.', location: 'catalog' }],
  },
  {
    description: 'The catalog has an XMP metadata stream.',
    rules: { 1: { clause: '7.1', testNumber: 8 } },
    run: ({ xmp }) => (xmp === undefined ? [{ message: 'The catalog has no Metadata stream.', location: 'catalog' }] : []),
  },
  {
    description: 'The XMP metadata has a title (dc:title).',
    rules: { 1: { clause: '7.1', testNumber: 9 } },
    run: ({ xmp }) => (xmp !== undefined && xmpValue(xmp, 'dc:title') ? [] : [{ message: 'The XMP metadata has no dc:title.', location: 'XMP' }]),
  },
  {
    description: 'The viewer preferences display the document title (DisplayDocTitle true).',
    rules: { 1: { clause: '7.1', testNumber: 10 } },
    run: ({ pdf }) =>
      pdf.resolve(pdf.dict(pdf.catalog?.['/ViewerPreferences'])?.['/DisplayDocTitle']) === true
        ? []
        : [{ message: 'The catalog has no ViewerPreferences with DisplayDocTitle true.', location: 'catalog' }],
  },
  {
    description: 'The catalog has a structure tree (StructTreeRoot).',
    rules: { 1: { clause: '7.1', testNumber: 11 } },
    run: ({ pdf }) => (pdf.dict(pdf.catalog?.['/StructTreeRoot']) ? [] : [{ message: 'The catalog has no StructTreeRoot.', location: 'catalog' }]),
  },
  {
    description: 'The document names its natural language (Lang in the catalog).',
    rules: { 1: { clause: '7.2', testNumber: 34 } },
    run: ({ pdf }) => (textOf(pdf.resolve(pdf.catalog?.['/Lang']))?.trim() ? [] : [{ message: 'The catalog has no Lang entry.', location: 'catalog' }]),
  },
  {
    description: 'Every Figure structure element has alternative text (Alt or ActualText).',
    rules: { 1: { clause: '7.3', testNumber: 1 } },
    run: (document) => figuresWithoutAlt(document),
  },
  {
    description: 'Every page with annotations gives their tab order as the structure order (Tabs /S).',
    rules: { 1: { clause: '7.18.3', testNumber: 1 } },
    run: (document) => {
      const pages = new Set(pageAnnotations(document).map(({ page }) => page));
      const refs = document.pdf.pageRefs();
      return [...pages]
        .filter((page) => nameOf(document.pdf.dict(refs[page - 1])?.['/Tabs']) !== 'S')
        .map((page) => ({ message: 'A page with annotations has no Tabs entry of S.', location: `page ${page}` }));
    },
  },
  {
    description: 'Every font is embedded.',
    rules: { 1: { clause: '7.21.4.1', testNumber: 1 } },
    run: (document) => unembeddedFonts(document),
  },
];

export const PDFUA_NOT_CHECKED =
  'Not checked: whether all content is tagged or marked as artifact, the reading order, headings, tables, lists, links and form fields in the structure, the role map beyond Figure, colour contrast, font encodings and Unicode mappings, and every requirement that needs a human (ISO 14289-1 asks for both). A full validation needs veraPDF and a person.';

/** Figure elements (directly, or through the role map) without Alt or ActualText. */
function figuresWithoutAlt(document: CheckedDocument): Finding[] {
  const { pdf } = document;
  const root = pdf.dict(pdf.catalog?.['/StructTreeRoot']);
  if (!root) return [];
  const roleMap = pdf.dict(root['/RoleMap']) ?? {};
  const standardType = (type: string | undefined) => {
    const seen = new Set<string>();
    while (type && !seen.has(type) && roleMap[`/${type}`] !== undefined) {
      seen.add(type);
      type = nameOf(pdf.resolve(roleMap[`/${type}`]));
    }
    return type;
  };
  const findings: Finding[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [root['/K']];
  while (stack.length > 0 && seen.size < MAX_STRUCTURE_ELEMENTS) {
    const value = stack.pop();
    if (typeof value === 'string' && value.endsWith(' R')) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    const resolved = pdf.resolve(value);
    if (Array.isArray(resolved)) {
      stack.push(...resolved);
      continue;
    }
    const element = pdf.dict(resolved);
    // Marked-content and object references (MCR, OBJR) end the walk; integers are marked-content ids.
    if (!element || element['/Type'] === '/MCR' || element['/Type'] === '/OBJR') continue;
    seen.add(element);
    if (standardType(nameOf(element['/S'])) === 'Figure' && !textOf(pdf.resolve(element['/Alt'])) && !textOf(pdf.resolve(element['/ActualText'])))
      findings.push({
        message: 'A Figure structure element has no alternative text (Alt or ActualText).',
        location: typeof value === 'string' && value.endsWith(' R') ? value.replace(/ R$/, ' obj') : 'structure tree',
      });
    stack.push(element['/K']);
  }
  return findings;
}
