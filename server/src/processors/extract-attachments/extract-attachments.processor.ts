import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { extractAttachmentsTool } from '@folio/registry';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { copyStreams } from '../../engines/qpdf/qpdf-streams';
import { embeddedFileDetails, embeddedFileEntries } from '../../pdf-objects/embedded-files';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { decodeAttachment } from './attachment-data';
import { writeAttachmentZip, type ExtractedFile } from './attachment-zip';

/** The reference's limits, on what each file decodes to: a larger file is skipped. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A file that would take the extracted files past this together is skipped (later, smaller ones may still fit). */
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

const NO_ATTACHMENTS = 'No embedded attachments found in the provided PDF';

/**
 * Extract Attachments (reference-beyond §5): every file the EmbeddedFiles tree
 * embeds, decoded, in a ZIP under its display name, in tree order. qpdf
 * copies the stored bytes out in one run; each file is decoded to disk in
 * turn and given up past 50 MiB, or when it would take all together past
 * 200 MiB, as in the reference; the ZIP is streamed from the decoded files.
 * Nothing is held whole in memory, and no more than the limits is ever
 * written. No file to extract is a 400.
 */
@ToolProcessor(extractAttachmentsTool)
export class ExtractAttachmentsProcessor implements Processor<typeof extractAttachmentsTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof extractAttachmentsTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readObjects(file.path, engine)).objects);
    const entries = embeddedFileEntries(pdf).filter((entry) => entry.stream !== undefined);
    if (entries.length === 0) throw new InvalidInputError(NO_ATTACHMENTS);

    const folder = await workspace.newFolder();
    const refs = [...new Set(entries.map((entry) => entry.stream!))];
    const stored = new Map((await copyStreams(file.path, refs, join(folder, 'stored'), engine)).map((stream) => [stream.object, stream]));

    const extracted: ExtractedFile[] = [];
    let total = 0;
    for (const [index, entry] of entries.entries()) {
      const stream = stored.get(Number(entry.stream!.split(' ')[0]));
      if (!stream) continue;
      const path = join(folder, `file-${index}`);
      const size = await decodeAttachment(file.path, stream, pdf.dict(entry.stream)?.['/DecodeParms'], path, MAX_FILE_BYTES, engine);
      if (size === 'too large') continue;
      if (total + size > MAX_TOTAL_BYTES) {
        await rm(path, { force: true });
        continue;
      }
      total += size;
      extracted.push({ path, displayName: entry.displayName, modified: embeddedFileDetails(pdf, entry).modificationDate });
    }
    if (extracted.length === 0) throw new InvalidInputError(NO_ATTACHMENTS);

    const output = workspace.newPath('.zip');
    await writeAttachmentZip(output, extracted);
    return { path: output };
  }
}
