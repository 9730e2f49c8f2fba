import { copyFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pdfToEpubTool, type ToolParams } from '@folio/registry';
import { convertEbook } from '../../engines/calibre';
import { makeEngineFolder } from '../../engines/confinement';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Headings that open a chapter: an element whose text begins with "Chapter"
 * and a word. The reference's expression has no `^`, so every paragraph that
 * mentions "chapter 3" started a chapter of its own; anchored here.
 */
const CHAPTER_XPATH = "//h:*[re:test(., '^\\s*Chapter\\s+\\S', 'i')]";

/** Calibre's output profiles for the reference's devices. */
const PROFILES = { TABLET_PHONE_IMAGES: 'tablet', KINDLE_EINK_TEXT: 'kindle' } as const;

type Params = ToolParams<typeof pdfToEpubTool>;

/**
 * PDF to EPUB or AZW3 with Calibre (its PDF input reads the pages with
 * Poppler's pdftohtml), the reference's options: heuristic clean-up, a blank
 * line between paragraphs, the PDF's fonts, colours and side margins dropped
 * so the reader's settings apply, chapters at "Chapter n" headings.
 */
@ToolProcessor(pdfToEpubTool)
export class PdfToEpubProcessor implements Processor<typeof pdfToEpubTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToEpubTool>): Promise<ProcessorOutput> {
    // Calibre gets a fixed name, in a folder of its own: the upload's name never reaches it.
    const folder = workspace.newPath();
    await makeEngineFolder(folder);
    const input = join(folder, 'document.pdf');
    await copyFile(file.path, input);
    const output = join(folder, `document.${params.outputFormat.toLowerCase()}`);
    await convertEbook(input, output, calibreOptions(params), engine);
    await stat(output);
    return { path: output };
  }
}

function calibreOptions(params: Params): string[] {
  return [
    '--enable-heuristics',
    '--insert-blank-line',
    '--filter-css',
    'font-family,color,background-color,margin-left,margin-right',
    ...(params.detectChapters ? ['--chapter', CHAPTER_XPATH] : []),
    '--output-profile',
    PROFILES[params.targetDevice],
  ];
}
