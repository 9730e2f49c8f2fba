import { Inject } from '@nestjs/common';
import { addAttachmentsTool, type InputFile } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { convertToArchival } from '../../engines/ghostscript';
import { addAttachments, type Attachment } from '../../engines/qpdf/qpdf-rewrites';
import { refuseContentBombs } from '../../input-checks/content-budget';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { associateAttachments } from './associated-files';
import { attachmentNames } from './attachment-names';
import { mediaTypeOf } from './media-types';

/** Most all attachments of one request may weigh together (the reference's limit; each is held to 50 MB by the field). */
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

/**
 * Embeds every uploaded file with qpdf's --add-attachment (name tree kept
 * sorted, same name replaced, MIME subtype, size, checksum, dates, the PDF set
 * to open on its attachments): one pass that streams the files in. With
 * convertToPdfA3b the document is first made PDF/A-3b by Ghostscript, and the
 * attachments then declared its associated files, as PDF/A-3 asks.
 */
@ToolProcessor(addAttachmentsTool)
export class AddAttachmentsProcessor implements Processor<typeof addAttachmentsTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addAttachmentsTool>): Promise<ProcessorOutput> {
    const uploads: InputFile[] = params.attachments ?? [];
    if (uploads.length === 0) throw new InvalidInputError(addAttachmentsTool.fields.attachments.required);
    const total = uploads.reduce((sum, upload) => sum + upload.size, 0);
    if (total > MAX_TOTAL_BYTES) throw new InvalidInputError('The attachments may weigh at most 200 MB together.');

    const now = pdfDate(new Date());
    const names = attachmentNames(uploads.map((upload) => upload.originalName));
    const attachments: Attachment[] = [];
    for (const [index, upload] of uploads.entries()) {
      const name = names[index];
      attachments.push({
        path: upload.path,
        name,
        mimeType: await mediaTypeOf(upload.path, name),
        description: `Embedded attachment: ${name}`,
        creationDate: now,
        modDate: now,
      });
    }

    let source = file.path;
    if (params.convertToPdfA3b) {
      await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });
      source = workspace.newPath('.pdf');
      // A conversion Ghostscript refuses is answered as PDF to PDF/A answers it (reference E060).
      await convertToArchival(file.path, file.pageCount ?? 1, source, { standard: 'pdfa', part: 3 }, workspace.newPath('.ps'), engine);
    }
    const output = workspace.newPath('.pdf');
    await addAttachments(source, output, attachments, workspace.newPath('.json'), engine);
    if (!params.convertToPdfA3b) return { path: output };

    const associated = workspace.newPath('.pdf');
    await associateAttachments(output, associated, names, workspace.newPath('.json'), engine);
    return { path: associated };
  }
}

/** A PDF date in UTC. e.g. D:20240102030405Z */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}
