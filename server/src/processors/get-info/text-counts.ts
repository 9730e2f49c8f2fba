import { eachPageText } from '../../engines/poppler-text';

/** The document's text, counted, from Poppler's plain text (pdftotext, reading order as stored). */
export interface TextCounts {
  /** Runs of characters between white space, all pages. */
  words: number;
  /** Lines that are not blank, all pages (PDFBox's text, which the reference splits, has a line per paragraph line). */
  paragraphs: number;
  /** Characters (UTF-16 units, as Java counts them), line ends included, all pages. */
  characters: number;
  /** Characters of each page, by page number. */
  perPage: Map<number, number>;
}

/** Counts the text file `writePlainText` wrote, a page at a time. */
export async function countText(textFile: string): Promise<TextCounts> {
  const counts: TextCounts = { words: 0, paragraphs: 0, characters: 0, perPage: new Map() };
  await eachPageText(textFile, (page, text) => {
    counts.perPage.set(page, text.length);
    counts.characters += text.length;
    counts.words += text.match(/\S+/g)?.length ?? 0;
    counts.paragraphs += text.match(/^.*\S.*$/gm)?.length ?? 0;
  });
  return counts;
}
