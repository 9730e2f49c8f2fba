import { collectParams, defineTool, file, schemaOf, select, singlePdfInput, wrongTypeMessage } from '../index';

const upload = (name: string, size = 10) => ({ name, size });

describe('file fields', () => {
  const image = file({ label: 'Stamp image', accept: ['png', 'jpeg'] });
  const overlays = file({ label: 'Overlay PDFs', accept: ['pdf'], multiple: true, minFiles: 2, maxFiles: 3, maxBytes: 100 });

  it('gives a single field one file and a multiple one a list', () => {
    expect(image.schema.parse([upload('a.png')])).toEqual(upload('a.png'));
    expect(image.schema.parse(upload('a.png'))).toEqual(upload('a.png'));
    expect(overlays.schema.parse([upload('a.pdf'), upload('b.pdf')])).toEqual([upload('a.pdf'), upload('b.pdf')]);
    expect(image.schema.parse(undefined)).toBeUndefined();
    expect(overlays.schema.parse([])).toBeUndefined();
  });

  it('checks count and size with messages that name the field', () => {
    const first = (field: typeof image | typeof overlays, value: unknown) => {
      const parsed = field.schema.safeParse(value);
      return parsed.success ? undefined : parsed.error.issues[0].message;
    };
    expect(first(image, [upload('a.png'), upload('b.png')])).toBe('Stamp image: one file only.');
    expect(first(overlays, [upload('a.pdf')])).toBe('Overlay PDFs: at least 2 files.');
    expect(
      first(
        overlays,
        [1, 2, 3, 4].map((i) => upload(`${i}.pdf`)),
      ),
    ).toBe('Overlay PDFs: at most 3 files.');
    expect(first(overlays, [upload('a.pdf'), upload('b.pdf', 101)])).toBe('Overlay PDFs: each file may be at most 0.1 KB.');
  });

  it('never takes text, or an object built from text fields, for a file', () => {
    expect(image.schema.safeParse('a.png').success).toBe(false);
    expect(image.schema.safeParse({ path: '/etc/passwd', size: '1' }).success).toBe(false);
    expect(image.schema.safeParse({ path: '/etc/passwd', size: 1 }).success).toBe(false);
  });

  it('derives a wrong-type message from the accepted types unless one is declared', () => {
    expect(wrongTypeMessage(image)).toBe('Stamp image: please upload a PNG or JPG file.');
    expect(wrongTypeMessage(file({ label: 'Key', accept: ['pdf'], wrongType: 'Please upload a key.' }))).toBe('Please upload a key.');
  });

  it('is required only while shown, like any field, and read under its aliases', () => {
    const tool = defineTool({
      id: 'stamp-test',
      category: 'security',
      title: 'T',
      subtitle: 'T',
      endpoint: '/api/v1/test/stamp',
      input: singlePdfInput(),
      fields: {
        stampType: select({
          label: 'Type',
          options: [
            { value: 'text', label: 'Text' },
            { value: 'image', label: 'Image' },
          ],
          default: 'text',
          invalid: 'x',
        }),
        stampImage: file({
          label: 'Stamp image',
          accept: ['png'],
          visibleWhen: { stampType: ['image'] },
          required: 'Please upload a stamp image.',
          aliases: ['image'],
        }),
      },
      action: { label: 'Go', busyLabel: 'Processing...' },
      result: { kind: 'pdf' },
      download: { api: '{base}.pdf', browser: 'x.pdf' },
      toast: { success: 'Done' },
    });
    const parse = (body: Record<string, unknown>) => schemaOf(tool).safeParse(collectParams(tool, body));
    expect(parse({ stampType: 'image' }).error?.issues[0].message).toBe('Please upload a stamp image.');
    expect(parse({ stampType: 'text' }).success).toBe(true);
    expect(parse({ stampType: 'image', image: [upload('s.png')] }).data).toEqual({ stampType: 'image', stampImage: upload('s.png') });
  });
});
