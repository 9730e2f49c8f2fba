import { InvalidInputError } from '../../refusals/input-errors';
import { buildDocumentInfo, parseRequestDate, xmpDateOf, type MirroredValues } from './document-info';
import { updateXmpPacket } from './xmp-packet';

const MESSAGES = { creationDate: 'bad creation', modificationDate: 'bad modification' };
const CUSTOM = [
  { key: 'Dept', value: 'HR' },
  { key: 'Not an XML name', value: 'x' },
];
const VALUES: MirroredValues = {
  changed: { title: 'New & <title>', author: 'Ada', producer: 'New producer', custom: CUSTOM },
  whole: { title: 'New & <title>', author: 'Ada', producer: 'New producer', subject: 'Kept subject', custom: CUSTOM },
};
const NOW = '2024-01-01T00:00:00+00:00';

describe('parseRequestDate', () => {
  it('writes the offset of the server’s zone, east or west, in both forms', () => {
    expect(parseRequestDate('2024/01/02 03:04:05', 'bad', () => 330)).toEqual({ pdf: "D:20240102030405+05'30'", xmp: '2024-01-02T03:04:05+05:30' });
    expect(parseRequestDate('2024/1/2 3:4:5', 'bad', () => -90)).toEqual({ pdf: "D:20240102030405-01'30'", xmp: '2024-01-02T03:04:05-01:30' });
    expect(parseRequestDate(' 2024/12/31 23:59:59 ', 'bad', () => 0).pdf).toBe("D:20241231235959+00'00'");
  });

  it.each([
    '2024-01-02 03:04:05',
    '2024/13/01 00:00:00',
    '2023/02/29 00:00:00',
    '2024/01/01 24:00:00',
    '2024/01/01 00:60:00',
    '2024/01/01',
    '0000/01/01 00:00:00',
  ])('refuses %s with the message given', (text) => {
    expect(() => parseRequestDate(text, 'bad date')).toThrow(new InvalidInputError('bad date'));
  });

  it('takes 29 February in a leap year', () => {
    expect(parseRequestDate('2024/02/29 12:00:00', 'bad', () => 0).xmp).toBe('2024-02-29T12:00:00+00:00');
  });
});

describe('buildDocumentInfo', () => {
  const old = { '/Title': 'u:Old', '/Trapped': '/True', '/Dept': 'u:Sales', '/A#B': 'u:hash', '/Rev': 3 };

  it('patches the standard entries (left out: kept, null: removed), keeps the old custom ones and applies the new', () => {
    const { info } = buildDocumentInfo(
      old,
      {
        author: 'Ada',
        custom: [
          { key: 'Room', value: '12' },
          { key: 'Dept', value: '' },
        ],
      },
      MESSAGES,
    );
    expect(info).toEqual({ '/Title': 'u:Old', '/Author': 'u:Ada', '/Trapped': '/True', '/A#23B': 'u:hash', '/Rev': 3, '/Room': 'u:12' });
    const removed = buildDocumentInfo(old, { title: null, trapped: 'False' }, MESSAGES);
    expect(removed.info).toEqual({ '/Trapped': '/False', '/Dept': 'u:Sales', '/A#23B': 'u:hash', '/Rev': 3 });
    expect(removed.changed).toMatchObject({ title: null, trapped: 'False', author: undefined });
  });

  it('describes the whole new dictionary for a packet made afresh, kept dates in XMP form', () => {
    const { whole } = buildDocumentInfo({ ...old, '/CreationDate': "u:D:20200102030405+01'00'" }, { author: 'Ada' }, MESSAGES);
    expect(whole).toMatchObject({ title: 'Old', author: 'Ada', trapped: 'True', creationDate: '2020-01-02T03:04:05+01:00' });
  });

  it('skips custom names that are the tool’s own fields or standard keys, in any case', () => {
    const { info } = buildDocumentInfo(
      undefined,
      {
        custom: [
          { key: 'title', value: 'x' },
          { key: 'ModDate', value: 'x' },
          { key: 'DELETEALL', value: 'x' },
          { key: 'Trapped', value: 'x' },
        ],
      },
      MESSAGES,
    );
    expect(info).toEqual({});
  });

  it('mirrors the custom entries that hold text into the packet values', () => {
    const { changed: mirrored } = buildDocumentInfo(old, { custom: [{ key: 'Room', value: '12' }] }, MESSAGES);
    expect(mirrored.custom).toEqual([
      { key: 'Dept', value: 'Sales' },
      { key: 'A#B', value: 'hash' },
      { key: 'Room', value: '12' },
    ]);
  });

  it('names the field whose date is wrong', () => {
    expect(() => buildDocumentInfo(undefined, { modificationDate: 'soon' }, MESSAGES)).toThrow('bad modification');
  });
});

describe('xmpDateOf', () => {
  it.each([
    ["D:20240102030405+05'30'", '2024-01-02T03:04:05+05:30'],
    ['D:20240102030405Z', '2024-01-02T03:04:05Z'],
    ["D:20261128010410Z'", '2026-11-28T01:04:10Z'],
    ['D:2024', '2024'],
    ['D:20240102', '2024-01-02'],
    ['not a date', undefined],
  ])('%s → %s', (pdf, xmp) => {
    expect(xmpDateOf(pdf)).toBe(xmp);
  });
});

describe('updateXmpPacket', () => {
  it('writes a whole packet when the document has none', () => {
    const packet = updateXmpPacket(undefined, VALUES, NOW);
    expect(packet).toMatch(/^<\?xpacket begin="\uFEFF"/);
    expect(packet).toContain('<dc:title><rdf:Alt><rdf:li xml:lang="x-default">New &amp; &lt;title&gt;</rdf:li></rdf:Alt></dc:title>');
    expect(packet).toContain('<pdfx:Dept>HR</pdfx:Dept>');
    expect(packet).toContain('<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Kept subject</rdf:li></rdf:Alt></dc:description>');
    expect(packet).not.toContain('Not an XML name');
    expect(packet).toMatch(/<\?xpacket end="w"\?>$/);
  });

  it('takes the mirrored properties out wherever they are (attribute or element, any prefix) and keeps the rest byte for byte', () => {
    const old = [
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
      '<rdf:Description rdf:about="uuid:1" xmlns:p="http://ns.adobe.com/pdf/1.3/" p:Producer="Old" p:Other="keep"/>',
      '<rdf:Description rdf:about="uuid:1" xmlns:d="http://purl.org/dc/elements/1.1/"><d:title><rdf:Alt><rdf:li xml:lang="x-default">Old</rdf:li></rdf:Alt></d:title><d:rights>Mine</d:rights><!-- note --></rdf:Description>',
      '</rdf:RDF></x:xmpmeta>',
    ].join('\n');
    const packet = updateXmpPacket(old, VALUES, NOW);
    expect(packet).not.toContain('Producer="Old"');
    expect(packet).not.toContain('>Old<');
    expect(packet).toContain('p:Other="keep"');
    // A field the request leaves alone is not the packet's to lose.
    expect(packet).not.toContain('Kept subject');
    expect(packet).toContain('<d:rights>Mine</d:rights><!-- note -->');
    // The new description is about the same resource as the others.
    expect(packet).toContain('rdf:about="uuid:1" xmlns:dc=');
    expect(packet.indexOf('<dc:title>')).toBeLessThan(packet.indexOf('</rdf:RDF>'));
  });

  it('leaves custom entries out of a PDF/A document’s packet', () => {
    const old =
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="2"/></rdf:RDF>';
    const packet = updateXmpPacket(old, VALUES, NOW);
    expect(packet).not.toContain('pdfx:Dept');
    expect(packet).toContain('pdfaid:part="2"');
  });

  it.each([
    ['not XML', 'just text'],
    ['a DTD', '<!DOCTYPE x [<!ENTITY a "b">]><x:xmpmeta xmlns:x="adobe:ns:meta/"/>'],
    ['no rdf:RDF', '<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>'],
    ['an unclosed element', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>'],
  ])('starts afresh from a packet with %s', (_, old) => {
    expect(updateXmpPacket(old, VALUES, NOW)).toBe(updateXmpPacket(undefined, VALUES, NOW));
  });
});
