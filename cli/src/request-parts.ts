import { FILE_FIELD, FILE_TYPES, extensionOf, type AnyTool, type FileTypeInfo } from '@folio/registry';
import { contentOf, type InputFile } from './inputs';
import type { Part } from './multipart-body';

/** The MIME type a file's name suggests, as a browser would send it; the server goes by the content anyway. */
export function contentTypeOf(fileName: string): string {
  const extension = extensionOf(fileName);
  const type = (Object.values(FILE_TYPES) as FileTypeInfo[]).find((info) => info.extensions.includes(extension) && info.mimeTypes.length > 0);
  return type?.mimeTypes[0] ?? 'application/octet-stream';
}

async function filePart(name: string, file: InputFile): Promise<Part> {
  return { name, fileName: file.name, content: await contentOf(file), contentType: contentTypeOf(file.name) };
}

/**
 * A request's parts, as the web page sends them (web/src/tool-page/run/tool-form-data.ts):
 * the files under `fileInput`, then each parsed option: a `file` field's files
 * under its name, a value spread over several parts the way its field reads it,
 * lists comma-joined, booleans as true/false.
 */
export async function requestParts(tool: AnyTool, files: readonly InputFile[], params: Readonly<Record<string, unknown>>): Promise<Part[]> {
  const parts: Part[] = [];
  for (const file of files) parts.push(await filePart(FILE_FIELD, file));
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const field = tool.fields[name];
    if (field?.kind === 'file') {
      for (const file of (Array.isArray(value) ? value : [value]) as InputFile[]) parts.push(await filePart(name, file));
      continue;
    }
    if (field?.toBody) {
      for (const [part, text] of field.toBody(value, name)) parts.push({ name: part, text });
      continue;
    }
    parts.push({ name, text: String(value) });
  }
  return parts;
}
