import { collectParams, schemaOf, type AnyTool } from '@folio/registry';
import { requestBody, type QaCase, type QaUpload } from '../../../generators/src/qa-cases';
import { kebabCase } from '../option-names';
import { isPipelineCommand } from '../pipeline-command';

/**
 * The QA matrix's cases (generators/src/qa-cases.ts, derived from each declaration)
 * as command lines: what to type, which files to put where, and what the CLI must
 * do. A case the command line cannot say (a field under an alias name, a yes/no
 * option given "perhaps") has no command.
 */
export interface CliCase {
  qa: QaCase;
  /** Arguments after the tool's name, paths relative to the case's folder. */
  args: string[];
  /** The files to write first, relative to the case's folder. */
  files: { path: string; upload: QaUpload }[];
  expect: CliExpectation;
}

export interface CliExpectation {
  exit: 0 | 1 | 2;
  /** Text stderr must hold: the declaration's or the server's message. */
  message?: string;
  /** The result's name in the output folder `out/`. */
  fileName?: string;
  /** What the result must start like. */
  contentType?: string;
  /** 204: nothing written. */
  noFile?: boolean;
}

/** Where results go: a folder of their own, apart from the inputs. */
export const OUTPUT_FOLDER = 'out';

/** Whether the tool's schema refuses the case's options: the CLI says so itself, and sends nothing. */
export function refusedLocally(tool: AnyTool, c: QaCase): boolean {
  return c.upload.count > 0 && !schemaOf(tool).safeParse(collectParams(tool, requestBody(c))).success;
}

function optionArgs(tool: AnyTool, fields: Record<string, string>): string[] | undefined {
  const args: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const field = tool.fields[name];
    // A name the tool does not declare is an alias or a numbered part: the command line has the field's own name.
    if (!field) return undefined;
    if (field.kind === 'checkbox') {
      if (value !== 'true' && value !== 'false') return undefined;
      args.push(value === 'true' ? `--${kebabCase(name)}` : `--no-${kebabCase(name)}`);
      continue;
    }
    args.push(`--${kebabCase(name)}=${value}`);
  }
  return args;
}

function expectationOf(tool: AnyTool, c: QaCase): CliExpectation | undefined {
  const { input } = tool;
  const min = input.minFiles ?? 1;
  if (c.upload.count === 0) return { exit: 2, message: input.messages.missing };
  if (c.upload.count < min) return { exit: 2, message: input.messages.tooFew ?? input.messages.missing };
  // One request per file: more files than one request may carry are simply more requests.
  if (c.id === 'too-many-files' && !input.combine) return undefined;
  if (c.expect.status === 204) return { exit: 0, noFile: true };
  if (c.expect.status === 200) return { exit: 0, fileName: c.expect.fileName, contentType: c.expect.contentType };
  return { exit: 1, message: c.expect.message };
}

/** The command line of one QA case, or undefined where the CLI cannot say it. */
export function cliCaseOf(tool: AnyTool, c: QaCase): CliCase | undefined {
  if (c.run !== 'http') return undefined;
  const pipelineDefinition = isPipelineCommand(tool) ? c.fields.json : '';
  // The pipeline command always has a definition: its first argument.
  if (pipelineDefinition === undefined) return undefined;
  const options = optionArgs(tool, c.fields);
  const expect = expectationOf(tool, c);
  if (!options || !expect) return undefined;
  const files: CliCase['files'] = [];
  const fieldArgs: string[] = [];
  for (const [field, upload] of Object.entries(c.fieldUploads)) {
    if (!tool.fields[field]) return undefined;
    for (let index = 0; index < upload.count; index++) {
      const path = `fields/${field}/${index}/${upload.name}`;
      files.push({ path, upload });
      fieldArgs.push(`--${kebabCase(field)}=${path}`);
    }
  }
  const inputs: string[] = [];
  for (let index = 0; index < c.upload.count; index++) {
    // Each in a folder of its own, so that every copy keeps the name the server names results after.
    const path = `in/${index}/${c.upload.name}`;
    files.push({ path, upload: c.upload });
    inputs.push(path);
  }
  return { qa: c, args: [...options, ...fieldArgs, ...inputs, '-o', `${OUTPUT_FOLDER}/`], files, expect };
}
