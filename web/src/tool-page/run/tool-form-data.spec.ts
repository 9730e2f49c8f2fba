import { describe, expect, it } from '@jest/globals';
import {
  choices,
  defaultsOf,
  emailToPdfTool,
  entries as entriesField,
  extractPageTool,
  file,
  FILE_FIELD,
  imageToPdfTool,
  mergeTool,
  organiseTool,
  pdfToWordTool,
  rotateTool,
  schemaOf,
  splitTool,
  type AnyTool,
} from '@folio/registry';
import { toolFormData } from './tool-form-data';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/**
 * What the page sends: the form starts from the tool's defaults, the visitor
 * changes some values, the schema parses them (as zodResolver does in ToolPage),
 * and the parsed options go out with the files.
 */
function submitted(tool: AnyTool, files: File[], changes: Record<string, unknown> = {}): FormData {
  const params = schemaOf(tool).parse({ ...defaultsOf(tool), ...changes }) as Record<string, unknown>;
  return toolFormData(tool, files, params);
}

/** The body as [name, value] pairs, a file shown by its name. */
function entries(form: FormData): [string, string][] {
  return [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);
}

/** The option names sent, files left out. */
function optionNames(form: FormData): string[] {
  return [...form.keys()].filter((name) => name !== FILE_FIELD);
}

describe('toolFormData', () => {
  it('sends the files under fileInput (spec §3), the name the registry gives the server', () => {
    expect(FILE_FIELD).toBe('fileInput');
    expect(toolFormData(rotateTool, [pdf('a.pdf')], {}).getAll('fileInput')).toHaveLength(1);
  });

  it('sends the files first, one entry each in list order, then the options as text (Rotate)', () => {
    expect(entries(submitted(rotateTool, [pdf('b.pdf'), pdf('a.pdf')]))).toEqual([
      ['fileInput', 'file:b.pdf'],
      ['fileInput', 'file:a.pdf'],
      ['angle', '90'],
    ]);
    expect(entries(submitted(rotateTool, [pdf('a.pdf')], { angle: 270 }))).toEqual([
      ['fileInput', 'file:a.pdf'],
      ['angle', '270'],
    ]);
  });

  it('sends booleans as true/false and an apiOnly default the page does not show (Merge: sortType=orderProvided)', () => {
    expect(entries(submitted(mergeTool, [pdf('1.pdf'), pdf('2.pdf')], { generateToc: true }))).toEqual([
      ['fileInput', 'file:1.pdf'],
      ['fileInput', 'file:2.pdf'],
      ['removeCertSign', 'false'],
      ['generateToc', 'true'],
      ['sortType', 'orderProvided'],
    ]);
  });

  it('sends nothing for an option without a value (Merge’s blank fileOrder)', () => {
    expect(optionNames(submitted(mergeTool, [pdf('1.pdf'), pdf('2.pdf')]))).not.toContain('fileOrder');
  });

  it('drops hidden conditional fields, even with stale text in them (PDF to Word, spec §7: start and end only when custom)', () => {
    const all = submitted(pdfToWordTool, [pdf('a.pdf')], { pageRange: 'all', startPage: '2', endPage: '5' });
    expect(optionNames(all)).toEqual(['outputFormat', 'preserveLayout', 'recognizeText', 'pageRange']);
    expect(all.get('pageRange')).toBe('all');

    const custom = submitted(pdfToWordTool, [pdf('a.pdf')], { pageRange: 'custom', startPage: '2', endPage: '5' });
    expect(entries(custom).slice(1)).toEqual([
      ['outputFormat', 'docx'],
      ['preserveLayout', 'true'],
      ['recognizeText', 'true'],
      ['pageRange', 'custom'],
      ['startPage', '2'],
      ['endPage', '5'],
    ]);
  });

  it('drops hidden conditional fields on the shared rearrange endpoint (Extract Pages, Organise)', () => {
    expect(optionNames(submitted(extractPageTool, [pdf('a.pdf')], { startPage: '3', endPage: '4' }))).toEqual(['pageRange']);
    expect(entries(submitted(organiseTool, [pdf('a.pdf')], { customMode: 'REVERSE_ORDER', pageNumbers: '3,1,2' })).slice(1)).toEqual([
      ['customMode', 'REVERSE_ORDER'],
    ]);
    expect(entries(submitted(organiseTool, [pdf('a.pdf')], { customMode: 'CUSTOM', pageNumbers: '3,1,2' })).slice(1)).toEqual([
      ['customMode', 'CUSTOM'],
      ['pageNumbers', '3,1,2'],
    ]);
  });

  it('sends each option under its own name, never an alias (Email to PDF’s maxAttachmentSize, not maxAttachmentSizeMB)', () => {
    expect(emailToPdfTool.fields.maxAttachmentSize.aliases).toEqual(['maxAttachmentSizeMB']);
    const form = submitted(emailToPdfTool, [new File(['x'], 'mail.eml')], { maxAttachmentSize: '25' });
    expect(entries(form)).toEqual([
      ['fileInput', 'file:mail.eml'],
      ['downloadHtml', 'false'],
      ['includeAttachments', 'true'],
      ['maxAttachmentSize', '25'],
      ['includeAllRecipients', 'true'],
    ]);
    expect(form.has('maxAttachmentSizeMB')).toBe(false);
  });

  it('sends the canonical option value where an alias was given (Image to PDF’s colourType)', () => {
    const form = submitted(imageToPdfTool, [new File(['x'], 'a.png', { type: 'image/png' })], { colourType: 'color', imageFit: 'fillPage' });
    expect(entries(form).slice(1)).toEqual([
      ['imageFit', 'stretch'],
      ['autoRotate', 'false'],
      ['colourType', 'colour'],
    ]);
    expect(form.has('colorType')).toBe(false);
  });

  it('sends the page text a required field holds (Split)', () => {
    expect(entries(submitted(splitTool, [pdf('a.pdf')], { pageNumbers: '1,3,5-7' })).slice(1)).toEqual([['pageNumbers', '1,3,5-7']]);
  });

  it('skips undefined and null, keeps 0 and false', () => {
    expect(entries(toolFormData(rotateTool, [], { a: undefined, b: null, c: 0, d: false, e: 1.5, f: 'x' }))).toEqual([
      ['c', '0'],
      ['d', 'false'],
      ['e', '1.5'],
      ['f', 'x'],
    ]);
  });

  it('sends a file field’s files as parts under its own name, and nothing when none is chosen', () => {
    const tool = {
      ...rotateTool,
      fields: {
        stampImage: file({ label: 'Stamp image', accept: ['png'] }),
        overlayFiles: file({ label: 'Overlays', accept: ['pdf'], multiple: true }),
      },
    } as AnyTool;
    const png = new File(['png'], 'stamp.png', { type: 'image/png' });
    expect(entries(submitted(tool, [pdf('a.pdf')], { stampImage: png, overlayFiles: [pdf('o1.pdf'), pdf('o2.pdf')] }))).toEqual([
      [FILE_FIELD, 'file:a.pdf'],
      ['stampImage', 'file:stamp.png'],
      ['overlayFiles', 'file:o1.pdf'],
      ['overlayFiles', 'file:o2.pdf'],
    ]);
    expect(entries(submitted(tool, [pdf('a.pdf')]))).toEqual([[FILE_FIELD, 'file:a.pdf']]);
  });

  it('sends chosen values comma-joined, and entries as the numbered parts the spec page sends', () => {
    const tool = {
      ...rotateTool,
      fields: {
        languages: choices({
          label: 'Languages',
          options: [
            { value: 'eng', label: 'English' },
            { value: 'fra', label: 'French' },
          ],
          default: ['eng'],
        }),
        allRequestParams: entriesField({
          label: 'Custom',
          keyLabel: 'Key',
          valueLabel: 'Value',
          addLabel: 'Add entry',
          numbered: { key: 'customKey', value: 'customValue' },
          maxEntries: 5,
        }),
      },
    } as AnyTool;
    const rows = [
      { key: 'Dept', value: 'HR' },
      { key: '', value: 'typed, no name yet' },
      { key: 'Room', value: '12' },
    ];
    expect(entries(submitted(tool, [], { languages: ['fra', 'eng'], allRequestParams: rows }))).toEqual([
      ['languages', 'fra,eng'],
      ['customKey1', 'Dept'],
      ['customValue1', 'HR'],
      ['customKey2', 'Room'],
      ['customValue2', '12'],
    ]);
  });
});
