import { readFile, writeFile } from 'node:fs/promises';
import { emailToPdfTool, type ToolParams } from '@folio/registry';
import { renderHtmlToPdf, type HtmlDocument } from '../../engines/chromium';
import { addAttachments, type Attachment } from '../../engines/qpdf/qpdf-rewrites';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import type { EngineOptions } from '../../engines/process';
import { refusePixelBombs } from '../../html-documents/document-sources';
import { buildEmailPage, decodeCid, type ListedAttachment } from './email-html';
import { InvalidEmailError, parseEml, parseMsg, type EmailMessage, type EmailPart } from './email-message';

type Params = ToolParams<typeof emailToPdfTool>;

const MEGABYTE = 1024 * 1024;

/**
 * Parses the message, lays it out as an HTML page (or answers that page, with
 * `downloadHtml`), prints it in the fenced browser, then embeds the
 * attachments that are within the size limit as PDF file attachments (qpdf,
 * which streams the printed document rather than parsing it whole).
 * Images the body shows inline are served to the browser from the message's
 * own parts; nothing else is ever fetched.
 */
@ToolProcessor(emailToPdfTool)
export class EmailToPdfProcessor implements Processor<typeof emailToPdfTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof emailToPdfTool>): Promise<ProcessorOutput> {
    const message = await readMessage(file);
    const { inline, attachments } = splitParts(message);
    const listed = planAttachments(attachments, params);
    const pageOptions = {
      includeAllRecipients: params.includeAllRecipients,
      attachments: listed,
      maxAttachmentSizeMb: params.maxAttachmentSize,
    };

    if (params.downloadHtml) {
      // A file opened on its own: inline images travel inside it as data: URIs.
      const html = buildEmailPage(message, { ...pageOptions, cidUrl: (id) => dataUri(inline.get(id.toLowerCase())) });
      const output = workspace.newPath('.html');
      await writeFile(output, html, 'utf8');
      return { path: output };
    }

    const assetPaths = [...inline.keys()];
    const html = buildEmailPage(message, {
      ...pageOptions,
      cidUrl: (id) => (inline.has(id.toLowerCase()) ? `cid/${assetPaths.indexOf(id.toLowerCase())}` : undefined),
    });
    refusePixelBombs(html, new Map([...inline].map(([id, part]) => [id, part.content])));
    const doc: HtmlDocument = {
      html,
      asset: async (path) => {
        const index = /^cid\/(\d+)$/.exec(path)?.[1];
        const part = index === undefined ? undefined : inline.get(assetPaths[Number(index)]);
        return part && { body: part.content, contentType: part.contentType };
      },
    };
    const output = workspace.newPath('.pdf');
    await renderHtmlToPdf(doc, output, { format: 'A4' }, engine);

    const embedded = attachments.filter((_, i) => listed[i].status === 'embedded');
    if (embedded.length === 0) return { path: output };
    const withAttachments = workspace.newPath('.pdf');
    await embedAttachments(output, withAttachments, embedded, message, workspace, engine);
    return { path: withAttachments };
  }
}

async function readMessage(file: InputFile): Promise<EmailMessage> {
  const bytes = await readFile(file.path);
  try {
    return file.type === 'msg' ? parseMsg(bytes) : await parseEml(bytes);
  } catch (error) {
    if (error instanceof InvalidEmailError) throw new InvalidInputError(`Invalid email file "${file.originalName}": ${error.message}`);
    throw error;
  }
}

/**
 * Parts the HTML body shows through `cid:` are inline images (keyed by their
 * Content-ID, lower-cased: the references' case is not reliable); every other
 * part is an attachment.
 */
function splitParts(message: EmailMessage): { inline: Map<string, EmailPart>; attachments: EmailPart[] } {
  const referenced = new Set([...(message.html ?? '').matchAll(/cid:([^"'\s)>]+)/gi)].map((m) => decodeCid(m[1]).toLowerCase()));
  const inline = new Map<string, EmailPart>();
  const attachments: EmailPart[] = [];
  for (const part of message.parts) {
    const id = part.contentId?.toLowerCase();
    if (id && referenced.has(id) && !inline.has(id)) inline.set(id, part);
    else attachments.push(part);
  }
  return { inline, attachments };
}

function planAttachments(attachments: readonly EmailPart[], params: Params): ListedAttachment[] {
  const limit = params.maxAttachmentSize * MEGABYTE;
  return attachments.map((part) => ({
    fileName: part.fileName,
    contentType: part.contentType,
    size: part.content.length,
    status: !params.includeAttachments ? 'not-requested' : part.content.length > limit ? 'too-large' : 'embedded',
  }));
}

async function embedAttachments(
  input: string,
  output: string,
  parts: readonly EmailPart[],
  message: EmailMessage,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<void> {
  const names = new Set<string>();
  const date = pdfDate(message.date ?? new Date());
  const attachments: Attachment[] = [];
  for (const part of parts) {
    const path = workspace.newPath();
    await writeFile(path, part.content);
    attachments.push({
      path,
      name: uniqueName(safeFileName(part.fileName), names),
      mimeType: MEDIA_TYPE.test(part.contentType) ? part.contentType : 'application/octet-stream',
      description: `Attachment of the email "${message.subject}"`,
      creationDate: date,
      modDate: date,
    });
  }
  await addAttachments(input, output, attachments, workspace.newPath('.json'), engine);
}

/** A media type as qpdf takes it (type/subtype, nothing else); a message may declare anything. */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;

/** A PDF date in UTC. e.g. D:20240102030405Z */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** The last path segment, without control characters: names come from the sender. */
function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean || 'attachment';
}

/** Two attachments called "a.txt" become "a.txt" and "a (2).txt". */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

function dataUri(part: EmailPart | undefined): string | undefined {
  if (!part || !/^image\//i.test(part.contentType)) return undefined;
  return `data:${part.contentType.toLowerCase()};base64,${part.content.toString('base64')}`;
}
