import { calibreComplaint } from './calibre';

describe('calibreComplaint', () => {
  it('answers the last exception Calibre raised, without paths', () => {
    const stderr = [
      'Traceback (most recent call last):',
      '  File "/usr/lib/calibre/calibre/ebooks/mobi/reader/mobi6.py", line 80, in __init__',
      "PermissionError: [Errno 13] Permission denied: '/tmp/folio/req-1234/calibre-x/book.mobi'",
      'calibre.ebooks.mobi.MobiError: Unknown book type: /tmp/folio/req-1234/book.mobi.',
    ].join('\n');
    expect(calibreComplaint(stderr)).toBe('MobiError: Unknown book type: the file');
  });

  it('falls back to a plain phrase when Calibre names no exception', () => {
    expect(calibreComplaint('Segmentation fault\n')).toBe('it is damaged or not a supported e-book');
  });
});
