import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
// node-sqlite3-wasm rather than better-sqlite3: it is SQLite compiled to
// WebAssembly with a VFS on Node's fs, so `npm install` has nothing to build or
// download. better-sqlite3 is a native addon: npm 11 blocks its install script
// unless the root package.json lists it in allowScripts, and without a prebuilt
// binary (fetched from GitHub) it needs g++, make and Node headers, none of
// which scripts/setup.sh installs. What it costs: no WAL (the VFS has no shared
// memory), so the store uses a rollback journal, and locks are `<file>.lock`
// directories, which a killed process leaves behind (see clearStaleLock).
import { Database } from 'node-sqlite3-wasm';
// Type-only: contact.spec.ts's child processes load this file on its own.
import type { ContactMessage, ContactMessageStore, StoredContactMessage } from './contact-message-store';

/**
 * How long a `<file>.lock` directory may stay before open() takes it for one
 * left by a killed process. A live writer holds it only for one insert
 * (a few milliseconds, fsyncs included).
 */
const STALE_LOCK_AFTER_MS = 1000;

/**
 * Contact messages in an embedded SQLite database file, written in place: the
 * store unless FOLIO_DATABASE_URL names a PostgreSQL database.
 *
 * Each save is one transaction with a rollback journal and synchronous=FULL:
 * SQLite writes only the pages that change, fsyncs journal and database before
 * the save resolves, and a crash mid-write is rolled back from the journal
 * when the file is next opened. The library's calls are synchronous, so saves
 * from concurrent requests never interleave.
 */
export class ContactStore implements ContactMessageStore {
  private static readonly logger = new Logger('ContactStore');

  private constructor(
    private readonly db: Database,
    readonly file: string,
  ) {}

  static async open(file: string): Promise<ContactStore> {
    mkdirSync(dirname(file), { recursive: true });
    await clearStaleLock(file, ContactStore.logger);
    const db = new Database(file);
    try {
      // TRUNCATE rather than DELETE: same guarantees, without creating and
      // removing the journal (and fsyncing the folder) on every save.
      db.exec('PRAGMA journal_mode = TRUNCATE');
      db.exec('PRAGMA synchronous = FULL');
      db.exec(`CREATE TABLE IF NOT EXISTS contact_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL
      )`);
    } catch (error) {
      db.close();
      throw error;
    }
    return new ContactStore(db, file);
  }

  /** Stores a message durably; resolves with its id once it is on disk. */
  async save(message: ContactMessage): Promise<number> {
    const { lastInsertRowid } = this.db.run('INSERT INTO contact_messages (received_at, name, email, subject, message) VALUES (?, ?, ?, ?, ?)', [
      new Date().toISOString(),
      message.name,
      message.email,
      message.subject,
      message.message,
    ]);
    return Number(lastInsertRowid);
  }

  /** Every stored message, oldest first. */
  list(): StoredContactMessage[] {
    const rows = this.db.all('SELECT id, received_at, name, email, subject, message FROM contact_messages ORDER BY id');
    return rows.map((row) => ({
      id: Number(row.id),
      receivedAt: String(row.received_at),
      name: String(row.name),
      email: String(row.email),
      subject: String(row.subject),
      message: String(row.message),
    }));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

/**
 * Removes a `<file>.lock` directory left by a process killed mid-write; SQLite
 * would otherwise answer "database is locked" forever, and would not roll the
 * interrupted write back. No connection in this process can hold the lock now
 * (every library call is synchronous), and another live process holds it for
 * one insert at a time, so a lock that outlives a short wait is a dead one's.
 */
async function clearStaleLock(file: string, logger: Logger): Promise<void> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + STALE_LOCK_AFTER_MS;
  while (existsSync(lock)) {
    if (Date.now() >= deadline) {
      logger.warn(`Removing ${lock}, left by a process that stopped mid-write; SQLite rolls that write back.`);
      rmdirSync(lock);
      return;
    }
    await sleep(50);
  }
}
