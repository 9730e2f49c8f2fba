import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { FolderJobStorage } from './job-storage';

/** A job's folder is where its engines wrote: its result is read from there, and from nowhere else. */
describe('a job result as the server reads it', () => {
  let root: string;
  let storage: FolderJobStorage;
  const secret = () => join(root, 'secret.txt');
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'folio-storage-'));
    storage = new FolderJobStorage(join(root, 'jobs'));
    mkdirSync(storage.folderFor('j1'), { recursive: true });
    writeFileSync(secret(), 'NOT FOR VISITORS');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads a file the job wrote', async () => {
    writeFileSync(join(storage.folderFor('j1'), 'out.pdf'), '%PDF-1.7');
    const { stream, size } = await storage.openResult('j1', 'out.pdf');
    expect(size).toBe(8);
    expect(await text(stream)).toBe('%PDF-1.7');
  });

  it('never follows a link an engine left in place of its result, or of a folder on the way', async () => {
    symlinkSync(secret(), join(storage.folderFor('j1'), 'out.pdf'));
    await expect(storage.openResult('j1', 'out.pdf')).rejects.toThrow();
    symlinkSync(root, join(storage.folderFor('j1'), 'photos'));
    await expect(storage.openResult('j1', 'photos/secret.txt')).rejects.toThrow();
  });
});
