import { dispositionFileName, safeFileName } from './download-name';

describe('download names', () => {
  it('reads the name the server gives, URL-decoded, preferring filename*', () => {
    expect(dispositionFileName('form-data; name="attachment"; filename="my%20file%20%281%29_rotated.pdf"')).toBe('my file (1)_rotated.pdf');
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe('résumé.pdf');
    expect(dispositionFileName('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(dispositionFileName(null)).toBeUndefined();
  });

  it('never writes outside the output folder', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('..\\..\\evil.pdf', 'x')).toBe('evil.pdf');
    expect(safeFileName('..', 'fallback.pdf')).toBe('fallback.pdf');
    expect(safeFileName('a\u0000b\n.pdf', 'x')).toBe('ab.pdf');
    expect(safeFileName(undefined, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
