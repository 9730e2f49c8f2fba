import { nameOf, numberOf, textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';

/** One font as the reference describes it (PDFBox's PDFont and its descriptor). */
export interface FontEntry {
  IsEmbedded: boolean;
  Name: string | null;
  Subtype: string | null;
  ItalicAngle?: number;
  IsItalic?: boolean;
  IsBold?: boolean;
  IsFixedPitch?: boolean;
  IsSerif?: boolean;
  IsSymbolic?: boolean;
  IsScript?: boolean;
  IsNonsymbolic?: boolean;
  FontFamily?: string | null;
  FontWeight?: number;
}

/**
 * The standard 14 fonts need no descriptor: their flags come from what they
 * are (PDFBox builds a descriptor from their metrics), italic angles from
 * their metrics.
 */
function standard14(name: string): Omit<FontEntry, 'IsEmbedded' | 'Name' | 'Subtype'> | undefined {
  const match = /^(Courier|Helvetica|Times|Symbol|ZapfDingbats)(?:-(Roman|Bold|Oblique|BoldOblique|Italic|BoldItalic))?$/.exec(name);
  if (!match) return undefined;
  const [, family, style = ''] = match;
  const symbolic = family === 'Symbol' || family === 'ZapfDingbats';
  const slanted = /Oblique|Italic/.test(style);
  return {
    ItalicAngle: !slanted ? 0 : family === 'Times' ? (style === 'Italic' ? -15.5 : -15) : -12,
    IsItalic: slanted,
    IsBold: style.startsWith('Bold'),
    IsFixedPitch: family === 'Courier',
    IsSerif: family === 'Times' || family === 'Courier',
    IsSymbolic: symbolic,
    IsScript: false,
    IsNonsymbolic: !symbolic,
    FontFamily: family,
    FontWeight: style.startsWith('Bold') ? 700 : 400,
  };
}

/**
 * The font descriptor's flags (PDF 32000 Table 121), by bit value. Bold has no
 * flag of its own: ForceBold, or a weight of 600 or more.
 */
const FLAGS = { IsItalic: 64, IsFixedPitch: 1, IsSerif: 2, IsSymbolic: 4, IsScript: 8, IsNonsymbolic: 32 } as const;
const FORCE_BOLD = 262144;

/**
 * A font resource described: embedded or not, its name and type, and what
 * its descriptor says (a composite font's comes from its descendant).
 */
export function fontEntry(pdf: PdfObjects, value: unknown): FontEntry | undefined {
  const font = pdf.dict(value);
  if (!font) return undefined;
  const subtype = nameOf(pdf.resolve(font['/Subtype'])) ?? null;
  const descendant = subtype === 'Type0' ? pdf.dict(pdf.array(font['/DescendantFonts'])?.[0]) : undefined;
  const descriptor = pdf.dict((descendant ?? font)['/FontDescriptor']);
  const name = nameOf(pdf.resolve(font['/BaseFont'])) ?? (subtype === 'Type3' ? (nameOf(pdf.resolve(font['/Name'])) ?? null) : null);
  // Type 3 glyphs are always in the file.
  const embedded = subtype === 'Type3' || (descriptor !== undefined && ['/FontFile', '/FontFile2', '/FontFile3'].some((key) => descriptor[key] !== undefined));
  const entry: FontEntry = { IsEmbedded: embedded, Name: name, Subtype: subtype };
  if (descriptor) {
    const flags = numberOf(pdf.resolve(descriptor['/Flags'])) ?? 0;
    const weight = numberOf(pdf.resolve(descriptor['/FontWeight'])) ?? 0;
    return {
      ...entry,
      ItalicAngle: numberOf(pdf.resolve(descriptor['/ItalicAngle'])) ?? 0,
      IsItalic: (flags & FLAGS.IsItalic) !== 0,
      IsBold: (flags & FORCE_BOLD) !== 0 || weight >= 600,
      IsFixedPitch: (flags & FLAGS.IsFixedPitch) !== 0,
      IsSerif: (flags & FLAGS.IsSerif) !== 0,
      IsSymbolic: (flags & FLAGS.IsSymbolic) !== 0,
      IsScript: (flags & FLAGS.IsScript) !== 0,
      IsNonsymbolic: (flags & FLAGS.IsNonsymbolic) !== 0,
      FontFamily: textOf(pdf.resolve(descriptor['/FontFamily'])) ?? null,
      FontWeight: weight,
    };
  }
  const standard = name !== null && subtype === 'Type1' ? standard14(name) : undefined;
  return standard ? { ...entry, ...standard } : entry;
}
