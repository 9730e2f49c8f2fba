import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../../test/support/pdfs';

/**
 * The SVG cleaner on its own (run as Python runs it for the server, without the
 * sandbox): whatever could reach outside the file is gone from what it writes,
 * and what draws from the file itself is still there.
 */
const PROGRAM = join(__dirname, 'svg-clean.py');

function clean(svg: string): { status: number; answer: { removed?: number; error?: string; reason?: string }; output?: string } {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.svg'), svg);
    let stdout: string;
    let status = 0;
    try {
      stdout = execFileSync('/usr/bin/python3', ['-I', '-B', PROGRAM, join(dir, 'in.svg'), join(dir, 'out.svg')], { encoding: 'utf8' });
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      status = failed.status;
      stdout = failed.stdout;
    }
    const output = status === 0 ? readFileSync(join(dir, 'out.svg'), 'utf8') : undefined;
    return { status, answer: JSON.parse(stdout), output };
  });
}

describe('svg-clean.py', () => {
  it('takes out every reference to another file or address, however it is written, and keeps the drawing', () => {
    const { status, answer, output } = clean(`<?xml version="1.0"?>
<?xml-stylesheet href="http://example.test/sheet.css" type="text/css"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:a="http://www.w3.org/1999/xlink" xmlns:xi="http://www.w3.org/2001/XInclude" width="100" height="50" xml:base="file:///etc/">
  <style><![CDATA[ @import url(http://example.test/a.css); rect { fill: url(#fade); stroke: url('http://example.test/p.svg#p') } ]]></style>
  <style>.x { fill: u\\72l(http://example.test/escaped) }</style>
  <defs><linearGradient id="fade"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <rect width="10" height="10" style="fill:url(file:///etc/passwd#x)" filter="url(http://example.test/f.svg#f)" stroke="u\\72l(http://example.test/attr)"/>
  <use a:href="&#104;ttp://example.test/u.svg#x"/>
  <use href="#local"/>
  <image href="photo.png" width="1" height="1"/>
  <image src="file:///etc/hostname" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>
  <xi:include href="/etc/passwd" parse="text"/>
  <script href="http://example.test/s.js">alert(1)</script>
  <text id="local">Kept &amp; drawn</text>
</svg>`);
    expect(status).toBe(0);
    expect(answer.removed).toBeGreaterThanOrEqual(12);
    // Nothing left that names another place.
    expect(output).not.toMatch(/example\.test|file:|etc\/|photo\.png|xml-stylesheet|@import|XInclude|<script|u\\72l|svg\+xml|xml:base/i);
    // What draws from the file itself stays: the local gradient and reference, the embedded PNG, the text.
    expect(output).toContain('url(#fade)');
    expect(output).toMatch(/href="#local"/);
    expect(output).toContain('data:image/png;base64,iVBORw0KGgo=');
    expect(output).toContain('Kept &amp; drawn');
  });

  it('refuses external entities and documents that are not SVG, without reading anything', () => {
    const external = clean(
      '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    );
    expect([external.status, external.answer.error]).toEqual([2, 'unreadable']);
    const html = clean('<html><body/></html>');
    expect([html.status, html.answer.error]).toEqual([2, 'unreadable']);
    const broken = clean('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>');
    expect([broken.status, broken.answer.error]).toEqual([2, 'unreadable']);
  });

  it('refuses an entity expansion bomb rather than expanding it', () => {
    const levels = 'abcdefghi'.split('');
    const entities = levels.map((name, i) => `<!ENTITY ${name} "${i === 0 ? 'x'.repeat(10) : `&${levels[i - 1]};`.repeat(10)}">`).join('');
    const bomb = clean(`<?xml version="1.0"?>\n<!DOCTYPE svg [${entities}]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&i;</text></svg>`);
    expect([bomb.status, bomb.answer.error]).toEqual([2, 'unreadable']);
  });
});
