import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownedFolderPrefix, sweepOrphanedFolders, sweepWorkspaces } from './sweeper';

describe('sweepWorkspaces', () => {
  it('removes request folders older than the age limit and keeps newer ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'folio-sweep-'));
    try {
      for (const name of ['req-old', 'req-new']) {
        mkdirSync(join(root, name));
        writeFileSync(join(root, name, 'upload'), 'x');
      }
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      utimesSync(join(root, 'req-old'), twoHoursAgo, twoHoursAgo);
      expect(sweepWorkspaces(root, 3600_000)).toBe(1);
      expect(readdirSync(root)).toEqual(['req-new']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('does nothing when the work folder does not exist yet', () => {
    expect(sweepWorkspaces(join(tmpdir(), 'folio-never-made'), 0)).toBe(0);
  });
});

describe('sweepOrphanedFolders', () => {
  it('removes at once the folders of a server that is gone, and keeps those of running ones and unnamed ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'folio-orphans-'));
    // A process that has surely exited: a child we started and waited for.
    const gone = spawnSync('true').pid;
    try {
      const names = [
        `${ownedFolderPrefix('req', gone)}abc`,
        `${ownedFolderPrefix('ready', gone)}def`,
        `${ownedFolderPrefix('req', 1)}ghi`,
        `${ownedFolderPrefix('req')}mine`,
        'req-old-style',
        'job-xyz',
      ];
      for (const name of names) {
        mkdirSync(join(root, name));
        writeFileSync(join(root, name, 'upload'), 'x');
      }
      expect(sweepOrphanedFolders(root, ['req', 'ready'])).toBe(2);
      expect(readdirSync(root).sort()).toEqual([`${ownedFolderPrefix('req', 1)}ghi`, `${ownedFolderPrefix('req')}mine`, 'job-xyz', 'req-old-style'].sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
