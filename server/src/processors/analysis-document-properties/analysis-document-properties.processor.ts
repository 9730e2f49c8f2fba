import { writeFile } from 'node:fs/promises';
import { analysisDocumentPropertiesTool } from '@folio/registry';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { infoDictionary } from '../../pdf-objects/document-info';
import { PdfObjects, textOf } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { isoDate } from './iso-dates';

/** The answer's text keys, in the reference's order, each with the Info entry it reads. */
const TEXT_ENTRIES = [
  ['title', '/Title'],
  ['author', '/Author'],
  ['subject', '/Subject'],
  ['keywords', '/Keywords'],
  ['creator', '/Creator'],
  ['producer', '/Producer'],
] as const;

/**
 * Document Properties (reference-beyond §4): the Info dictionary as the file
 * holds it (the real Producer; an owner-password-only file's strings
 * decrypted), from one qpdf listing. All eight keys are always there, null for
 * an entry that is missing or not a string; dates are ISO-8601 with the offset
 * they were written in, not the reference's Java Calendar dump (its compat note).
 */
@ToolProcessor(analysisDocumentPropertiesTool)
export class AnalysisDocumentPropertiesProcessor implements Processor<typeof analysisDocumentPropertiesTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisDocumentPropertiesTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readDocument(file.path, engine)).objects);
    const info = infoDictionary(pdf);
    const text = (key: string) => textOf(pdf.resolve(info[key])) ?? null;
    const date = (key: string) => {
      const value = text(key);
      return value === null ? null : isoDate(value);
    };
    const answer = {
      ...Object.fromEntries(TEXT_ENTRIES.map(([name, key]) => [name, text(key)])),
      creationDate: date('/CreationDate'),
      modificationDate: date('/ModDate'),
    };
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(answer));
    return { path: output };
  }
}
