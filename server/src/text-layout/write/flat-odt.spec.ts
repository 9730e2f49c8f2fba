import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LayoutPage } from '../types';
import { toFlatOdt } from './flat-odt';

jest.setTimeout(60_000);

/** LibreOffice (its own command, a fresh profile) opening the XML and saving it as plain text, list labels included. */
function officeText(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'flat-odt-'));
  try {
    writeFileSync(join(dir, 'document.xml'), xml);
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--norestore', '--convert-to', 'txt:Text', '--outdir', dir, join(dir, 'document.xml')],
      {
        stdio: 'ignore',
        timeout: 50_000,
      },
    );
    return readFileSync(join(dir, 'document.txt'), 'utf8').replace(/^\uFEFF/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The flat ODT read by libxml2 (lxml): a malformed document raises. Gives the
 * outermost lists (each item's own text, its start value, and the items of a
 * list nested in it), every paragraph's text with `text:s` expanded, the
 * styles of spans, and each picture's decoded bytes.
 */
const READER = `
import base64, json, sys
from lxml import etree
NS = {'office': 'urn:oasis:names:tc:opendocument:xmlns:office:1.0', 'text': 'urn:oasis:names:tc:opendocument:xmlns:text:1.0', 'draw': 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0'}
T = '{%s}' % NS['text']
def content(el):
    out = [el.text or '']
    for child in el:
        if child.tag == T + 's': out.append(' ' * int(child.get(T + 'c', '1')))
        elif child.tag != T + 'list': out.append(content(child))
        out.append(child.tail or '')
    return ''.join(out)
def items(lst):
    return [{'text': content(i.find('text:p', NS)), 'start': i.get(T + 'start-value'), 'nested': [items(l) for l in i.findall('text:list', NS)]} for i in lst.findall('text:list-item', NS)]
body = etree.parse(sys.stdin.buffer).getroot().find('office:body/office:text', NS)
print(json.dumps({
    'lists': [items(l) for l in body.findall('text:list', NS)],
    'paragraphs': [content(p) for p in body.findall('text:p', NS) if p.find('.//draw:frame', NS) is None],
    'spans': [[s.get(T + 'style-name'), s.text] for s in body.iterfind('.//text:span', NS)],
    'pictures': [base64.b64decode(b.text).hex() for b in body.iterfind('.//office:binary-data', NS)],
}))
`;

function read(xml: string) {
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', READER], { input: xml, encoding: 'utf8' })) as {
    lists: { text: string; start: string | null; nested: unknown[] }[][];
    paragraphs: string[];
    spans: [string, string][];
    pictures: string[];
  };
}

const page = (blocks: LayoutPage['blocks']): LayoutPage => ({ page: 1, width: 595, height: 842, blocks });

describe('toFlatOdt', () => {
  it('nests list items inside the item above them, and starts a numbered list where the PDF did', () => {
    const xml = toFlatOdt(
      [page([{ kind: 'list', ordered: true, start: 4, items: ['four', 'four a', 'four b', 'five', 'five a'], levels: [0, 1, 1, 0, 2], fontSize: 10 }])],
      new Map(),
    );
    const leaf = (text: string, start: string | null = null) => ({ text, start, nested: [] });
    expect(read(xml).lists).toEqual([
      [
        { text: 'four', start: '4', nested: [[leaf('four a'), leaf('four b')]] },
        // A jump of two levels is taken as one.
        { text: 'five', start: null, nested: [[leaf('five a')]] },
      ],
    ]);
  });

  it('LibreOffice reads its lists numbered and nested, and code lines with their spaces (ODF collapses spaces it is not told to keep)', () => {
    const xml = toFlatOdt(
      [
        page([
          { kind: 'list', ordered: true, start: 4, items: ['four', 'four a', 'four b', 'five'], levels: [0, 1, 1, 0], fontSize: 10 },
          { kind: 'list', ordered: false, start: 1, items: ['apple', 'pear'], fontSize: 10 },
          { kind: 'code', lines: ['    return  a <b> & c;'], fontSize: 9 },
        ]),
      ],
      new Map(),
    );
    expect(
      officeText(xml)
        .split('\n')
        .map((line) => line.trimEnd()),
    ).toEqual(['    4. four', '        1. four a', '        2. four b', '    5. five', '    \u2022 apple', '    \u2022 pear', '    return  a <b> & c;', '']);
  });

  it('sets bold and italic words in spans of their styles, and drops characters XML cannot hold', () => {
    const xml = toFlatOdt(
      [
        page([
          {
            kind: 'paragraph',
            text: 'Water the young seedlings at six.',
            fontSize: 10,
            emphasis: [
              { start: 10, end: 25, bold: true, italic: false },
              { start: 26, end: 28, bold: false, italic: true },
            ],
          },
          { kind: 'paragraph', text: 'bell\u0007 and form\u000c feed', fontSize: 10 },
        ]),
      ],
      new Map(),
    );
    const odf = read(xml);
    expect(odf.paragraphs).toEqual(['Water the young seedlings at six.', 'bell and form feed']);
    expect(odf.spans).toEqual([
      ['Bold', 'young seedlings'],
      ['Italic', 'at'],
    ]);
  });

  it('embeds each picture it is given, and leaves out one whose bytes are missing', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const xml = toFlatOdt(
      [
        page([
          { kind: 'image', path: '/pictures/a.png', format: 'png', width: 100, height: 50 },
          { kind: 'image', path: '/pictures/missing.png', format: 'png', width: 100, height: 50 },
        ]),
      ],
      new Map([['/pictures/a.png', png]]),
    );
    expect(read(xml).pictures).toEqual([png.toString('hex')]);
  });
});
