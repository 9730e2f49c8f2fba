import { stat } from 'node:fs/promises';
import { baseName, extensionOf, FILE_TYPES, type AnyTool, type FileTypeKey } from '@folio/registry';
import { sniffFileType } from '../../input-checks/file-sniffing';
import type { SentFile } from '../../tool-execution/tool-request';

/** A file flowing between steps: in the job's workspace, under the name it carries. */
export interface PipelineFile {
  path: string;
  name: string;
}

/** Types recognised by their content, for naming uploads that came without an extension. */
const SIGNED_TYPES = (Object.keys(FILE_TYPES) as FileTypeKey[]).filter((key) => FILE_TYPES[key].identifiedBy === 'content');

/**
 * The name the type check reads for an upload: its own, or, when it has no
 * extension, the name with the extension of what its content is ('scan' → 'scan.pdf').
 */
export async function nameForTypeCheck(file: PipelineFile): Promise<string> {
  if (extensionOf(file.name) !== '') return file.name;
  const type = await sniffFileType(file.path, file.name, SIGNED_TYPES);
  return type ? `${file.name}${FILE_TYPES[type].extensions[0]}` : file.name;
}

/** The files among `files` the content of which is one of `accept`. */
export async function filesOfTypes(files: readonly PipelineFile[], accept: readonly FileTypeKey[]): Promise<PipelineFile[]> {
  const matching: PipelineFile[] = [];
  for (const file of files) if (await sniffFileType(file.path, file.name, accept)) matching.push(file);
  return matching;
}

export async function asSentFile(file: PipelineFile): Promise<SentFile> {
  return { path: file.path, originalName: file.name, size: (await stat(file.path)).size };
}

/**
 * The name a step's result carries on: the input's, with the result's extension
 * (`report.pdf` through Rotate stays `report.pdf`, through PDF to Word becomes
 * `report.docx`). The reference cuts the last `_…` from the answer's name instead,
 * which shortens `my_doc.pdf` to `my.pdf`. Auto Rename's new name is kept.
 */
export function carriedName(tool: AnyTool, inputName: string, resultName: string): string {
  if (tool.download.namedByProcessor) return resultName;
  return `${baseName(inputName)}${extensionOf(resultName)}`;
}
