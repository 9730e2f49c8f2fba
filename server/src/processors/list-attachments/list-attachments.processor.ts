import { writeFile } from 'node:fs/promises';
import { listAttachmentsTool } from '@folio/registry';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { embeddedFileDetails, embeddedFileEntries } from '../../pdf-objects/embedded-files';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * List Attachments (reference-beyond §5), from one qpdf listing of the
 * objects (no stream data read): each file the EmbeddedFiles tree embeds, in
 * tree order, with its display name, declared size (-1 when it declares
 * none), MIME type, description and dates, nulls kept; `[]` when there are
 * none. Specifications that embed no stream are left out, as in the reference.
 * Dates are ISO-8601 in UTC, not Java's `Date.toString()` in the server's zone.
 */
@ToolProcessor(listAttachmentsTool)
export class ListAttachmentsProcessor implements Processor<typeof listAttachmentsTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof listAttachmentsTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readObjects(file.path, engine)).objects);
    const listed = embeddedFileEntries(pdf)
      .filter((entry) => entry.stream !== undefined)
      .map((entry) => {
        const details = embeddedFileDetails(pdf, entry);
        return {
          filename: entry.displayName,
          size: details.size,
          contentType: details.contentType,
          description: details.description,
          creationDate: isoDate(details.creationDate),
          modificationDate: isoDate(details.modificationDate),
        };
      });
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(listed));
    return { path: output };
  }
}

/** e.g. 2024-01-02T15:04:05Z (PDF dates go to the second). */
function isoDate(date: Date | null): string | null {
  return date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
