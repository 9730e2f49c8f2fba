/**
 * Options every tool command takes, about the run rather than the tool. Where a
 * tool has a field of the same name (Sign with Certificate's `name`), the
 * field wins and the global option keeps its other spelling.
 */
export interface GlobalOption {
  /** Long names without dashes, the first one shown. e.g. ['stdin-name', 'name'] */
  names: readonly string[];
  short?: string;
  /** What the value is, for help; absent for a flag. e.g. 'path' */
  value?: string;
  help: string;
}

export const GLOBAL_OPTIONS = {
  output: {
    names: ['output'],
    short: 'o',
    value: 'path',
    help: 'Where to write the result: a file, a folder (ending in / or an existing one), or - for stdout. Default: the current folder, under the name the server gives.',
  },
  server: { names: ['server'], value: 'url', help: 'The Folio server. Default: $FOLIO_SERVER, else http://localhost:8080.' },
  async: { names: ['async'], help: 'Send as an async job (done anyway for long-running tools and uploads of 20 MB or more).' },
  together: {
    names: ['together'],
    help: 'Send every file in one request, for tools that take several at once: the server answers one ZIP of the results. Default: one request per file.',
  },
  unzip: { names: ['unzip'], help: 'Unpack a ZIP result into a folder named like it.' },
  stdinName: { names: ['stdin-name', 'name'], value: 'name', help: 'The file name input read from stdin (-) is sent under. Default: stdin.pdf.' },
  quiet: { names: ['quiet'], short: 'q', help: 'No progress and no notes on stderr; errors still show.' },
  progress: { names: ['progress'], help: 'Show progress even when stderr is not a terminal, one line per change.' },
  help: { names: ['help'], short: 'h', help: "Show this tool's options." },
} as const satisfies Record<string, GlobalOption>;

export type GlobalKey = keyof typeof GLOBAL_OPTIONS;
