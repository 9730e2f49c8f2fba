import { asArray, nameOf, numberOf, textOf } from '../../pdf-objects/pdf-objects';
import { eachDictionary, filtersOf, pageAnnotations, trailerOf, type CheckedDocument, type Finding } from './checked-document';
import { declarationsOf, xmpValue } from '../../pdf-objects/xmp-properties';

/**
 * The PDF/A requirements Folio checks (ISO 19005-1 to -4), each named by the
 * clause and test number veraPDF's rule ids use for the part. They read the
 * document's objects and XMP packet only: nothing here parses content
 * streams, font programs, ICC profiles or embedded files (see NOT_CHECKED).
 */

export type PdfaPart = 1 | 2 | 3 | 4;

export interface Rule {
  clause: string;
  testNumber: number;
}

export interface Check<Part extends number> {
  /** What the check verifies, as checksPerformed lists it. */
  description: string;
  /** Its clause in each part it applies to. */
  rules: Partial<Record<Part, Rule>>;
  run(document: CheckedDocument, part: Part): Finding[];
}

const rule = (clause: string, testNumber: number): Rule => ({ clause, testNumber });
const sameFrom2 = (r1: Rule | undefined, r2: Rule): Partial<Record<PdfaPart, Rule>> => ({ ...(r1 ? { 1: r1 } : {}), 2: r2, 3: r2, 4: r2 });

export const SPECIFICATIONS: Record<PdfaPart, string> = {
  1: 'ISO 19005-1:2005',
  2: 'ISO 19005-2:2011',
  3: 'ISO 19005-3:2012',
  4: 'ISO 19005-4:2020',
};

/** Conformance levels each part defines ('' for PDF/A-4 without a level). */
export const CONFORMANCE_LEVELS: Record<PdfaPart, readonly string[]> = { 1: ['a', 'b'], 2: ['a', 'b', 'u'], 3: ['a', 'b', 'u'], 4: ['', 'e', 'f'] };

/** Actions no PDF/A file may contain (PDF/A-1 §6.6.1; PDF/A-2 and later add the rest). */
const FORBIDDEN_ACTIONS: Record<PdfaPart, readonly string[]> = {
  1: ['Launch', 'Sound', 'Movie', 'ResetForm', 'ImportData', 'JavaScript'],
  2: ['Launch', 'Sound', 'Movie', 'ResetForm', 'ImportData', 'JavaScript', 'Hide', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView'],
  3: ['Launch', 'Sound', 'Movie', 'ResetForm', 'ImportData', 'JavaScript', 'Hide', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView'],
  4: ['Launch', 'Sound', 'Movie', 'ResetForm', 'ImportData', 'JavaScript', 'Hide', 'Rendition', 'Trans'],
};

/** Annotation types no PDF/A file may contain. */
const FORBIDDEN_ANNOTATIONS: Record<PdfaPart, readonly string[]> = {
  1: ['Movie', 'Sound', 'FileAttachment'],
  2: ['Movie', 'Sound', 'Screen', '3D'],
  3: ['Movie', 'Sound', 'Screen', '3D'],
  4: ['Movie', 'Sound', 'Screen'],
};

/** Annotation flags (PDF 32000 §12.5.3): Invisible, Hidden, Print, NoView. */
const INVISIBLE = 1;
const HIDDEN = 2;
const PRINT = 4;
const NO_VIEW = 32;

/** Info entries and the XMP properties they must equal (PDF/A-1 §6.7.3, table 1). */
const INFO_IN_XMP: [string, string][] = [
  ['/Title', 'dc:title'],
  ['/Author', 'dc:creator'],
  ['/Subject', 'dc:description'],
  ['/Keywords', 'pdf:Keywords'],
  ['/Creator', 'xmp:CreatorTool'],
  ['/Producer', 'pdf:Producer'],
];

export const PDFA_CHECKS: readonly Check<PdfaPart>[] = [
  {
    description: 'The file trailer has an ID.',
    rules: sameFrom2(rule('6.1.3', 1), rule('6.1.3', 1)),
    run: (document) => (Array.isArray(trailerOf(document)?.['/ID']) ? [] : [{ message: 'The file trailer has no ID entry.', location: 'trailer' }]),
  },
  {
    description: 'The file is not encrypted.',
    rules: sameFrom2(rule('6.1.3', 2), rule('6.1.3', 2)),
    run: (document) =>
      document.encrypted || trailerOf(document)?.['/Encrypt'] !== undefined
        ? [{ message: 'The file is encrypted (the trailer has an Encrypt entry).', location: 'trailer' }]
        : [],
  },
  {
    description: 'No stream refers to content in an external file (F, FFilter, FDecodeParms).',
    rules: sameFrom2(rule('6.1.7', 2), rule('6.1.7.1', 2)),
    run: (document) => {
      const findings: Finding[] = [];
      eachDictionary(document, (dict, location, isStream) => {
        if (isStream && ['/F', '/FFilter', '/FDecodeParms'].some((key) => key in dict))
          findings.push({ message: 'A stream takes its data from an external file.', location });
      });
      return findings;
    },
  },
  {
    description: 'No stream is compressed with LZW.',
    rules: sameFrom2(rule('6.1.10', 1), rule('6.1.7.2', 1)),
    run: (document) => {
      const findings: Finding[] = [];
      eachDictionary(document, (dict, location, isStream) => {
        if (isStream && filtersOf(dict, document.pdf).includes('LZWDecode')) findings.push({ message: 'A stream uses the LZWDecode filter.', location });
      });
      return findings;
    },
  },
  {
    description: 'The document embeds no files (PDF/A-1).',
    rules: { 1: rule('6.1.11', 1) },
    run: (document) =>
      document.pdf.dict(document.pdf.catalog?.['/Names'])?.['/EmbeddedFiles'] !== undefined
        ? [{ message: 'The name dictionary has an EmbeddedFiles entry.', location: 'catalog' }]
        : [],
  },
  {
    description: 'Every PDF/A output intent carries its ICC profile (DestOutputProfile).',
    rules: { 1: rule('6.2.2', 2), 2: rule('6.2.3', 2), 3: rule('6.2.3', 2), 4: rule('6.2.3', 2) },
    run: (document) => {
      const { pdf } = document;
      return (pdf.array(pdf.catalog?.['/OutputIntents']) ?? []).flatMap((intent) => {
        const dict = pdf.dict(intent);
        if (nameOf(dict?.['/S']) !== 'GTS_PDFA1') return [];
        const profile = dict?.['/DestOutputProfile'];
        const hasProfile = typeof profile === 'string' && pdf.objects[`obj:${profile}`]?.stream !== undefined;
        return hasProfile ? [] : [{ message: 'A GTS_PDFA1 output intent has no DestOutputProfile stream.', location: 'catalog/OutputIntents' }];
      });
    },
  },
  {
    description: 'Device-dependent colour spaces named in images and resources (DeviceRGB, DeviceCMYK) come with a PDF/A output intent.',
    rules: { 1: rule('6.2.3', 3), 2: rule('6.2.4.3', 2), 3: rule('6.2.4.3', 2), 4: rule('6.2.4.3', 2) },
    run: (document) => {
      const { pdf } = document;
      const hasIntent = (pdf.array(pdf.catalog?.['/OutputIntents']) ?? []).some((intent) => nameOf(pdf.dict(intent)?.['/S']) === 'GTS_PDFA1');
      if (hasIntent) return [];
      const used = new Map<string, string>();
      eachDictionary(document, (dict, location) => {
        for (const value of [dict['/ColorSpace'], ...Object.values(pdf.dict(dict['/ColorSpace']) ?? {})]) {
          const name = nameOf(pdf.resolve(value)) ?? nameOf(pdf.array(value)?.[0]);
          if ((name === 'DeviceRGB' || name === 'DeviceCMYK') && !used.has(name)) used.set(name, location);
        }
      });
      return [...used].map(([name, location]) => ({ message: `${name} is used and the document has no PDF/A output intent.`, location }));
    },
  },
  {
    description: 'Every font is embedded (FontFile, FontFile2 or FontFile3 in its descriptor; Type 3 fonts are content).',
    rules: { 1: rule('6.3.4', 1), 2: rule('6.2.11.4.1', 1), 3: rule('6.2.11.4.1', 1), 4: rule('6.2.10.4.1', 1) },
    run: (document) => unembeddedFonts(document),
  },
  {
    description: 'No transparency (soft masks, transparency groups, blend modes other than Normal, constant alpha below 1) (PDF/A-1).',
    rules: { 1: rule('6.4', 1) },
    run: (document) => {
      const findings: Finding[] = [];
      eachDictionary(document, (dict, location) => {
        const smask = document.pdf.resolve(dict['/SMask']);
        if (isGraphicsState(dict)) {
          if (smask !== undefined && smask !== '/None') findings.push({ message: 'A graphics state uses a soft mask.', location, testNumber: 1 });
          const blend = nameOf(document.pdf.resolve(dict['/BM'])) ?? nameOf(asArray(dict['/BM'])?.[0]);
          if (blend !== undefined && blend !== 'Normal' && blend !== 'Compatible')
            findings.push({ message: `A graphics state uses the blend mode ${blend}.`, location, testNumber: 4 });
          for (const key of ['/CA', '/ca']) {
            const alpha = numberOf(document.pdf.resolve(dict[key]));
            if (alpha !== undefined && alpha !== 1)
              findings.push({ message: `A graphics state sets ${key.slice(1)} to ${alpha}.`, location, testNumber: key === '/CA' ? 5 : 6 });
          }
        } else if (dict['/Subtype'] === '/Image' && smask !== undefined) {
          findings.push({ message: 'An image has a soft mask (SMask).', location, testNumber: 2 });
        }
        if (dict['/S'] === '/Transparency') findings.push({ message: 'A transparency group is used.', location, testNumber: 3 });
      });
      return findings;
    },
  },
  {
    description: 'No annotation of a forbidden type (Movie, Sound, Screen, 3D; FileAttachment in PDF/A-1).',
    rules: { 1: rule('6.5.2', 1), 2: rule('6.3.1', 1), 3: rule('6.3.1', 1), 4: rule('6.3.1', 1) },
    run: (document, part) =>
      pageAnnotations(document).flatMap(({ page, annotation }) => {
        const subtype = nameOf(annotation['/Subtype']);
        return subtype && FORBIDDEN_ANNOTATIONS[part].includes(subtype)
          ? [{ message: `A ${subtype} annotation is not allowed.`, location: `page ${page}` }]
          : [];
      }),
  },
  {
    description: 'Every annotation (but Popup) has flags with Print set and Hidden, Invisible and NoView clear.',
    rules: { 1: rule('6.5.3', 2), 2: rule('6.3.2', 1), 3: rule('6.3.2', 1), 4: rule('6.3.2', 1) },
    run: (document) =>
      pageAnnotations(document).flatMap(({ page, annotation }) => {
        if (annotation['/Subtype'] === '/Popup') return [];
        const flags = numberOf(document.pdf.resolve(annotation['/F']));
        const subtype = nameOf(annotation['/Subtype']) ?? 'An';
        if (flags === undefined) return [{ message: `${subtype} annotation without flags (F).`, location: `page ${page}` }];
        if ((flags & PRINT) === 0 || (flags & (INVISIBLE | HIDDEN | NO_VIEW)) !== 0)
          return [{ message: `${subtype} annotation with flags ${flags}: Print must be set, Hidden, Invisible and NoView clear.`, location: `page ${page}` }];
        return [];
      }),
  },
  {
    description:
      'No forbidden action (JavaScript, Launch, Sound, Movie, ResetForm, ImportData, and in later parts Hide, SetOCGState, Rendition, Trans, GoTo3DView), no document-level JavaScript.',
    rules: sameFrom2(rule('6.6.1', 1), rule('6.6.1', 1)),
    run: (document, part) => {
      const findings: Finding[] = [];
      eachDictionary(document, (dict, location) => {
        const action = nameOf(document.pdf.resolve(dict['/S']));
        const isAction = dict['/Type'] === '/Action' || '/JS' in dict || '/Next' in dict || (action !== undefined && FORBIDDEN_ACTIONS[part].includes(action));
        if (isAction && action && FORBIDDEN_ACTIONS[part].includes(action)) findings.push({ message: `A ${action} action is not allowed.`, location });
        else if ('/JS' in dict) findings.push({ message: 'A JavaScript action is not allowed.', location });
      });
      if (document.pdf.dict(document.pdf.catalog?.['/Names'])?.['/JavaScript'] !== undefined)
        findings.push({ message: 'The document has document-level JavaScript (Names/JavaScript).', location: 'catalog' });
      return findings;
    },
  },
  {
    description: 'The catalog and pages have no additional actions (AA).',
    rules: sameFrom2(rule('6.6.2', 1), rule('6.6.2', 1)),
    run: (document) => {
      const { pdf } = document;
      const findings: Finding[] = [];
      if (pdf.catalog?.['/AA'] !== undefined) findings.push({ message: 'The catalog has additional actions (AA).', location: 'catalog' });
      pdf.pageRefs().forEach((ref, index) => {
        if (pdf.dict(ref)?.['/AA'] !== undefined) findings.push({ message: 'A page has additional actions (AA).', location: `page ${index + 1}` });
      });
      return findings;
    },
  },
  {
    description: 'The catalog has an XMP metadata stream.',
    rules: { 1: rule('6.7.2', 1), 2: rule('6.6.2.1', 1), 3: rule('6.6.2.1', 1), 4: rule('6.6.2.1', 1) },
    run: (document) => (document.xmp === undefined ? [{ message: 'The catalog has no Metadata stream.', location: 'catalog' }] : []),
  },
  {
    description: 'The XMP PDF/A identification (pdfaid:part, pdfaid:conformance) names a part and a conformance level that part defines.',
    rules: { 1: rule('6.7.11', 1), 2: rule('6.6.4', 1), 3: rule('6.6.4', 1), 4: rule('6.6.4', 1) },
    run: (document, part) => {
      const declared = declarationsOf(document.xmp).pdfa;
      if (!declared) return [{ message: 'The XMP metadata has no PDF/A identification schema.', location: 'XMP' }];
      if (!CONFORMANCE_LEVELS[part].includes(declared.conformance))
        return [{ message: `PDF/A-${part} has no conformance level "${declared.conformance.toUpperCase()}".`, location: 'XMP' }];
      return [];
    },
  },
  {
    description: 'The document information dictionary agrees with the XMP metadata (Title, Author, Subject, Keywords, Creator, Producer) (PDF/A-1).',
    rules: { 1: rule('6.7.3', 1) },
    run: (document) => {
      const { pdf, xmp } = document;
      const info = pdf.dict(trailerOf(document)?.['/Info']);
      if (!info || xmp === undefined) return [];
      return INFO_IN_XMP.flatMap(([key, property]) => {
        const value = textOf(pdf.resolve(info[key]));
        if (value === undefined || value === '') return [];
        const inXmp = xmpValue(xmp, property);
        return inXmp === value.trim()
          ? []
          : [{ message: `Info ${key.slice(1)} "${value}" is not the XMP ${property} ${inXmp === undefined ? '(absent)' : `"${inXmp}"`}.`, location: 'Info' }];
      });
    },
  },
];

/** What no check here covers: said in every PDF/A result. */
export const PDFA_NOT_CHECKED =
  'Not checked: content streams (operators, inline images, device colours set by operators), font programs (glyph widths, subsets, encodings, CIDSet), ICC profiles, XMP schema validity and extension schemas, embedded files (PDF/A-2/3), digital signatures, implementation limits, optional content, and every tagged-PDF requirement of level A. A full validation needs veraPDF.';

/** An ExtGState, typed or not (annotations, images and soft masks, which share some keys, have /Subtype or /S). */
function isGraphicsState(dict: Record<string, unknown>): boolean {
  if (dict['/Type'] === '/ExtGState') return true;
  return !('/Subtype' in dict) && !('/S' in dict) && ['/CA', '/ca', '/BM', '/SMask'].some((key) => key in dict);
}

/** Fonts whose program is not in the file; PDF/UA's check (ISO 14289-1 §7.21.4.1) is the same. */
export function unembeddedFonts(document: CheckedDocument): Finding[] {
  const { pdf } = document;
  const findings: Finding[] = [];
  eachDictionary(document, (dict, location) => {
    if (dict['/Type'] !== '/Font') return;
    const subtype = nameOf(dict['/Subtype']);
    // Type 3 glyphs are content streams; a composite font is checked through its descendant, an object of its own.
    if (subtype === 'Type3' || subtype === 'Type0') return;
    const descriptor = pdf.dict(dict['/FontDescriptor']);
    if (descriptor && ['/FontFile', '/FontFile2', '/FontFile3'].some((key) => key in descriptor)) return;
    findings.push({ message: `The font ${nameOf(dict['/BaseFont']) ?? '(unnamed)'} is not embedded.`, location });
  });
  return findings;
}
