import { resolve } from 'node:path';

/**
 * The path of a Python script that drives an engine. Each script lives beside
 * its TypeScript wrapper in `server/src/engines/`; the compiled server
 * (`server/dist/engines/`) reads it from the sources, which tsc does not copy.
 * e.g. engineScript('pdf-compress.py')
 */
export function engineScript(fileName: string): string {
  return resolve(__dirname, '../../src/engines', fileName);
}
