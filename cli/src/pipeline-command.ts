import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnyTool } from '@folio/registry';
import type { CommandLine } from './command-line';
import { usageError } from './exit-codes';
import type { CliIo } from './io';

/**
 * `folio pipeline <definition.json> <files...>`: the Pipeline tool's definition
 * (reference §7.1, registry/kit/pipeline-definition.ts) is one JSON text, which
 * the page builds in its editor and a shell keeps in a file. Its command reads
 * the first argument as that file, unless `--json` gives the text itself.
 */
const PIPELINE = { toolId: 'pipeline', definitionField: 'json' } as const;

export function isPipelineCommand(tool: AnyTool): boolean {
  return tool.id === PIPELINE.toolId && PIPELINE.definitionField in tool.fields;
}

/** The files of a pipeline run, once the definition file has been read into its field; other tools' files unchanged. */
export function takeDefinitionFile(tool: AnyTool, line: CommandLine, io: Pick<CliIo, 'cwd'>): string[] {
  if (!isPipelineCommand(tool) || line.given.has(PIPELINE.definitionField)) return line.positionals;
  const [definition, ...files] = line.positionals;
  if (definition === undefined) throw usageError(`No pipeline definition given. Usage: folio ${tool.id} <definition.json> <files...>`);
  let text: string;
  try {
    text = readFileSync(resolve(io.cwd, definition), 'utf8');
  } catch {
    throw usageError(`Cannot read the pipeline definition ${definition}.`);
  }
  line.given.set(PIPELINE.definitionField, [text]);
  return files;
}
