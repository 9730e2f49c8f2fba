import { extensionOf, FILE_TYPES, matchesFileType, type FileTypeKey, type InputSpec } from '@folio/registry';

/** 'PDF'; 'EML or MSG'; 'JPG, PNG, GIF, BMP or TIFF' */
export function joinLabels(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/**
 * 'an' before a vowel sound: initialisms said letter by letter ('an EML', 'an
 * HTML') and words that start with a vowel; 'a' otherwise ('a PDF', 'a Markdown').
 */
function article(words: string): 'a' | 'an' {
  const first = words.split(/[\s,]/)[0] ?? '';
  const initialism = first.length > 1 && first === first.toUpperCase();
  return (initialism ? /^[AEFHILMNORSX]/ : /^[aeiou]/i).test(first) ? 'an' : 'a';
}

/** 'PDF file(s)', but 'supported file(s)' where the label is already a noun. */
function fileNoun(types: string, plural: boolean): string {
  const noun = /\bfile$/i.test(types) ? types : `${types} file`;
  return plural ? `${noun}s` : noun;
}

/** Drop-zone wording from the tool's input rules. e.g. 'Drop PDF files here', 'Drop an EML or MSG file here' */
export function describeAcceptedFiles(input: InputSpec): { prompt: string; types: string } {
  const types = joinLabels(input.accept.map((key) => FILE_TYPES[key].label));
  if (input.multiple) return { prompt: `Drop ${fileNoun(types, true)} here`, types: `${fileNoun(types, true)} only` };
  return { prompt: `Drop ${article(types)} ${fileNoun(types, false)} here`, types: `One ${fileNoun(types, false)}` };
}

/** The accepted extensions as the page lists them: upper-cased, without dots, in declared order. e.g. ['DOC', 'DOCX'] */
export function acceptedExtensions(accept: readonly FileTypeKey[]): string[] {
  return [...new Set(accept.flatMap((key) => FILE_TYPES[key].extensions.map((ext) => ext.slice(1).toUpperCase())))];
}

/**
 * A short type for a chosen file, for the file list: its accepted type's label,
 * or its extension where the type is a broad list. e.g. 'PNG', 'DOCX'
 */
export function chosenFileType(file: File, accept: readonly FileTypeKey[]): string {
  const key = accept.find((k) => matchesFileType(file, [k]));
  const extension = extensionOf(file.name).slice(1).toUpperCase();
  if (!key || key === 'convertible') return extension;
  return FILE_TYPES[key].label;
}
