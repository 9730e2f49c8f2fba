import { writeFile } from 'node:fs/promises';
import { showJavascriptTool } from '@folio/registry';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { findScripts } from '../../pdf-scripts/script-finder';
import { readScriptTexts } from './script-text';

/** Most script text one answer carries: megabytes of script show and download; a stream inflating to gigabytes is refused. */
export const MAX_SCRIPT_BYTES = 32 * 1024 * 1024;

/**
 * Show Javascript. qpdf lists the file's objects; every script is found where
 * it lives (pdf-scripts/script-finder.ts) and read, strings and streams alike
 * (script-text.ts); the answer is plain text, each script under the
 * reference's header line `// File: <name>, Script: <where>`, or the
 * reference's sentence when there is none.
 */
@ToolProcessor(showJavascriptTool)
export class ShowJavascriptProcessor implements Processor<typeof showJavascriptTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof showJavascriptTool>): Promise<ProcessorOutput> {
    const { objects } = await readObjects(file.path, engine);
    const scripts = findScripts(new PdfObjects(objects));
    const texts = await readScriptTexts(file.path, scripts, objects, { fileName: file.originalName, limit: MAX_SCRIPT_BYTES, workspace, engine });

    const output = workspace.newPath('.js');
    const body =
      scripts.length === 0
        ? `PDF '${file.originalName}' does not contain Javascript`
        : scripts.map((script, i) => `// File: ${file.originalName}, Script: ${script.name}\n${texts[i]}\n`).join('');
    await writeFile(output, body, 'utf8');
    return { path: output };
  }
}
