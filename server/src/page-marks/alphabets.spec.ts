import { execFileSync } from 'node:child_process';
import { ALPHABET_OPTIONS } from '@folio/registry';
import { ALPHABET_FONTS } from './alphabets';

/**
 * Each alphabet's family must be installed (scripts/install-system-deps.sh):
 * fontconfig would otherwise substitute another font without a word, and the
 * stamp would come out in whatever that font covers.
 */
describe('alphabet fonts', () => {
  it.each(ALPHABET_OPTIONS.map(({ value: alphabet }) => [alphabet, ALPHABET_FONTS[alphabet]] as const))(
    '%s: fontconfig finds the family itself, not a substitute',
    (_alphabet, font) => {
      const [family, file] = execFileSync('fc-match', ['--format=%{family}\n%{file}', `${font.family}:lang=${font.language}`], { encoding: 'utf8' }).split(
        '\n',
      );
      expect(family.split(',')).toContain(font.family);
      expect(file).toMatch(/^\/usr\/share\/fonts\//);
    },
  );
});
