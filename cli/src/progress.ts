import type { RunSettings } from './command-line';
import type { CliIo, OutputStream } from './io';

/** What a run reports while it waits: the upload, the job's place in the queue, then its stage. */
export interface Progress {
  uploading(sent: number, total: number): void;
  /** Uploaded; the server is working on a synchronous request. */
  waiting(): void;
  queued(position: number | null): void;
  running(fraction: number, stage: string): void;
  /** Clears the bar; called once the answer is in (or the run failed). */
  done(): void;
}

const SILENT: Progress = { uploading() {}, waiting() {}, queued() {}, running() {}, done() {} };

/** One state of the run, as words and an optional fraction. */
interface Shown {
  text: string;
  fraction?: number;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const percent = (fraction: number) => `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)}%`;

/** Turns the run's events into states; each kind of display shows them its own way. */
function reporter(show: (state: Shown) => void, clear: () => void): Progress {
  return {
    uploading: (sent, total) => show({ text: `uploading ${sizeText(sent)} of ${sizeText(total)}`, fraction: total > 0 ? sent / total : 1 }),
    waiting: () => show({ text: 'processing' }),
    queued: (position) => show({ text: position === null ? 'queued' : `queued, position ${position}` }),
    running: (fraction, stage) => show({ text: stage, fraction }),
    done: clear,
  };
}

/** A bar redrawn in place on a terminal: `rotate report.pdf [#####-----]  50% page 3 of 6`. */
function terminalBar(stream: OutputStream, label: string): Progress {
  let drawn = false;
  let lastDraw = 0;
  let lastText = '';
  return reporter(
    ({ text, fraction }) => {
      const now = Date.now();
      // At most ten redraws a second while only the numbers move (an upload's chunks); new words always show.
      const wordsChanged = text.replace(/[\d.]+ [KM]B/g, '') !== lastText.replace(/[\d.]+ [KM]B/g, '');
      if (!wordsChanged && now - lastDraw < 100 && fraction !== 1) return;
      const width = Math.max(40, stream.columns ?? 80) - 1;
      const bar = fraction === undefined ? '' : ` [${'#'.repeat(Math.round(Math.min(1, fraction) * 20)).padEnd(20, '-')}] ${percent(fraction).padStart(4)}`;
      stream.write(`\r\x1b[2K${`${label}${bar} ${text}`.slice(0, width)}`);
      drawn = true;
      lastDraw = now;
      lastText = text;
    },
    () => {
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
      lastText = '';
    },
  );
}

/** One line per change, for logs (`--progress` where stderr is not a terminal); the upload in quarters. */
function progressLines(stream: OutputStream, label: string): Progress {
  let last = '';
  return reporter(
    ({ text, fraction }) => {
      const shown = text.startsWith('uploading') ? `uploading ${percent(Math.floor((fraction ?? 0) * 4) / 4)}` : text;
      const line = `${label}: ${fraction === undefined || text.startsWith('uploading') ? '' : `${percent(fraction)} `}${shown}`;
      if (line === last) return;
      stream.write(`${line}\n`);
      last = line;
    },
    () => {},
  );
}

/** A bar on a terminal, lines with `--progress`, nothing with `--quiet` or when stderr is a pipe or a file. */
export function progressFor(settings: Pick<RunSettings, 'quiet' | 'progress'>, io: Pick<CliIo, 'stderr'>, label: string): Progress {
  if (settings.quiet) return SILENT;
  if (io.stderr.isTTY) return terminalBar(io.stderr, label);
  return settings.progress ? progressLines(io.stderr, label) : SILENT;
}
