import { describe, expect, it } from '@jest/globals';
import { tokenize } from './javascript-tokens';

/** The tokens that are not plain, as `kind:text`. */
const marked = (source: string) =>
  tokenize(source)
    .filter((t) => t.kind !== 'plain')
    .map((t) => `${t.kind}:${t.text}`);

describe('the JavaScript highlighter’s tokenizer', () => {
  it('gives back the source exactly, every character in one token', () => {
    const source = "// File: a.pdf, Script: init\r\nvar x = 'a\\'b' + `t${1}` / 2; /* c */ if (x) { app.alert(\"hi\"); }\n";
    expect(
      tokenize(source)
        .map((t) => t.text)
        .join(''),
    ).toBe(source);
  });

  it('marks comments, strings, keywords, literals and numbers', () => {
    expect(marked("// head\nfunction f(a) { return a > 0x1F ? 'yes' : null; } /* end */")).toEqual([
      'comment:// head',
      'keyword:function',
      'keyword:return',
      'number:0x1F',
      "string:'yes'",
      'literal:null',
      'comment:/* end */',
    ]);
  });

  it('tells a regular expression from a division', () => {
    expect(marked('var r = /a[/]b\\//g; var q = x / 2 / y;')).toEqual(['keyword:var', 'regex:/a[/]b\\//g', 'keyword:var', 'number:2']);
    expect(marked('return /x/.test(s)')).toEqual(['keyword:return', 'regex:/x/']);
  });

  it('does not take a property named like a keyword for one', () => {
    expect(marked('this.delete(1); obj.new = true;')).toEqual(['literal:this', 'number:1', 'literal:true']);
  });

  it('ends an unterminated string at its line and an unterminated comment at the end', () => {
    expect(marked("var s = 'open\nvar t = 1 /* never closed")).toEqual(['keyword:var', "string:'open", 'keyword:var', 'number:1', 'comment:/* never closed']);
  });

  it.each([
    ['regular expressions that never close on one long line', '[/'.repeat(500_000)],
    ['quotes that never close', "'\\".repeat(500_000)],
    ['a template that never closes', `\`${'${'.repeat(500_000)}`],
    ['numbers and words without end', 'a1.e+'.repeat(200_000)],
  ])(
    'tokenizes a megabyte of %s in linear time',
    (_, hostile) => {
      // Linear time takes about a second here; quadratic time on a megabyte, hours. The bound is
      // far from both, so that a machine busy with other work cannot fail it.
      const started = Date.now();
      const tokens = tokenize(hostile);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(tokens.map((t) => t.text).join('')).toBe(hostile);
    },
    60_000,
  );
});
