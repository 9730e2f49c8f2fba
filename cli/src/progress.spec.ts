import { Writable } from 'node:stream';
import { progressFor } from './progress';

function stream(isTTY: boolean) {
  let text = '';
  const out = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
    { isTTY, columns: 100 },
  );
  return { out, text: () => text };
}

describe('progress on stderr', () => {
  it('draws one bar in place on a terminal: the upload, the queue, the stage and its fraction', () => {
    const err = stream(true);
    const progress = progressFor({ quiet: false, progress: false }, { stderr: err.out }, 'ocr-cleanup scan.pdf');
    progress.uploading(1024 * 1024, 2 * 1024 * 1024);
    progress.queued(3);
    progress.running(0.4, 'page 12 of 30');
    progress.done();
    const frames = err.text().split('\r\x1b[2K').filter(Boolean);
    expect(frames).toEqual([
      'ocr-cleanup scan.pdf [##########----------]  50% uploading 1.0 MB of 2.0 MB',
      'ocr-cleanup scan.pdf queued, position 3',
      'ocr-cleanup scan.pdf [########------------]  40% page 12 of 30',
    ]);
    expect(err.text().endsWith('\r\x1b[2K')).toBe(true);
  });

  it('is quiet where stderr is not a terminal, unless --progress asks for lines; --quiet wins', () => {
    const pipe = stream(false);
    progressFor({ quiet: false, progress: false }, { stderr: pipe.out }, 'x').running(0.5, 'step');
    expect(pipe.text()).toBe('');
    const lines = stream(false);
    const progress = progressFor({ quiet: false, progress: true }, { stderr: lines.out }, 'x');
    progress.queued(null);
    progress.running(0.5, 'step 1 of 2: Rotate PDF');
    progress.running(0.5, 'step 1 of 2: Rotate PDF');
    expect(lines.text()).toBe('x: queued\nx: 50% step 1 of 2: Rotate PDF\n');
    const quiet = stream(true);
    progressFor({ quiet: true, progress: true }, { stderr: quiet.out }, 'x').queued(1);
    expect(quiet.text()).toBe('');
  });
});
