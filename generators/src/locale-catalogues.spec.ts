import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { catalogueProblems } from './locale-catalogues';

describe('the translation catalogues', () => {
  it('give every language every text of the registry and the app, with the same placeholders, and nothing stale', () => {
    // The list names each file and key; `npm run locales` rewrites the English ones from the registry.
    expect(catalogueProblems()).toEqual([]);
  });

  describe('on a language that drifted from the English', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-locales-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, catalogue: object) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), JSON.stringify(catalogue));
    };
    write('en/app/sample.json', {
      title: 'Files',
      count: '{count, plural, one {# file} other {# files}}',
      link: 'Read the <0>guide</0>.',
      gone: 'Removed later',
    });
    write('fr/app/sample.json', {
      title: 'Fichiers',
      count: '{total, plural, one {# fichier} other {# fichiers}}',
      link: 'Lisez le guide.',
      extra: 'Plus là',
      gone: ' ',
    });
    write('fr/app/orphan.json', {});
    const problems = catalogueProblems(dir).filter((problem) => problem.startsWith('fr/app/'));

    it('names a plural on another argument, a lost link, an empty text and a stale key', () => {
      expect(problems).toEqual([
        'fr/app/sample.json: "count" has total, the English count',
        'fr/app/sample.json: "link" has no placeholders, the English <0>',
        'fr/app/sample.json: "gone" is empty',
        'fr/app/sample.json: stale "extra" (no such English text)',
        'fr/app/orphan.json: stale (no such English catalogue)',
      ]);
    });

    it('names every other language’s missing file', () => {
      expect(catalogueProblems(dir)).toContain('de/app/sample.json: missing');
    });
  });
});
