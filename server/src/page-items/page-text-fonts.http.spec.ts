import { readFileSync } from 'node:fs';
import request from 'supertest';
import { PAGE_TEXT_FONTS } from '@folio/registry';
import { useTestServer } from '../../test/support/test-server';
import { PAGE_TEXT_FACES } from './page-text-fonts';

describe('GET /fonts/page-text/<face>', () => {
  const server = useTestServer();

  it('serves each face of PAGE_TEXT_FONTS as its font file, cached for long', async () => {
    for (const face of PAGE_TEXT_FONTS) {
      const res = await request(server.http).get(`/fonts/page-text/${face}`).buffer(true);
      expect([face, res.status]).toEqual([face, 200]);
      expect(res.headers['content-type']).toBe(PAGE_TEXT_FACES[face].contentType);
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      const body = res.body as Buffer;
      expect(body.equals(readFileSync(PAGE_TEXT_FACES[face].file))).toBe(true);
    }
    // The handwriting faces are the ones a typed signature is drawn with.
    const flowing = await request(server.http).get('/fonts/page-text/handwriting-flowing').buffer(true);
    expect((flowing.body as Buffer).subarray(0, 4).toString('latin1')).toBe('OTTO');
  });

  it('answers 404 for anything else, reading no file', async () => {
    for (const path of [
      '/fonts/page-text/comic-sans',
      '/fonts/page-text/..%2F..%2Fetc%2Fpasswd',
      '/fonts/page-text/sans.ttf',
      '/fonts/page-text/constructor',
    ]) {
      const res = await request(server.http).get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body.status ?? res.body.statusCode).toBe(404);
    }
  });
});
