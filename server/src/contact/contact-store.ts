import { mkdirSync, openSync, fsyncSync, closeSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import initSqlJs, { type Database } from 'sql.js';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Contact messages in an embedded SQLite database file (sql.js: SQLite compiled
 * to WebAssembly, so no native build). Each save rewrites the file atomically
 * (write, fsync, rename): a crash leaves either the old or the new database.
 */
export class ContactStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Database,
    readonly file: string,
  ) {}

  static async open(file: string): Promise<ContactStore> {
    const SQL = await initSqlJs();
    mkdirSync(dirname(file), { recursive: true });
    const db = existsSync(file) ? new SQL.Database(readFileSync(file)) : new SQL.Database();
    db.run(`CREATE TABLE IF NOT EXISTS contact_messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      received_at TEXT NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      subject TEXT NOT NULL,
      message TEXT NOT NULL
    )`);
    return new ContactStore(db, file);
  }

  /** Stores a message durably; resolves once it is on disk. */
  save(message: ContactMessage): Promise<number> {
    const write = this.queue.then(() => {
      this.db.run('INSERT INTO contact_messages (received_at, name, email, subject, message) VALUES (?, ?, ?, ?, ?)', [
        new Date().toISOString(),
        message.name,
        message.email,
        message.subject,
        message.message,
      ]);
      const id = Number(this.db.exec('SELECT last_insert_rowid()')[0].values[0][0]);
      this.persist();
      return id;
    });
    this.queue = write.catch(() => undefined);
    return write;
  }

  /** Every stored message, oldest first. */
  list(): (ContactMessage & { id: number; receivedAt: string })[] {
    const result = this.db.exec('SELECT id, received_at, name, email, subject, message FROM contact_messages ORDER BY id');
    if (result.length === 0) return [];
    return result[0].values.map(([id, receivedAt, name, email, subject, message]) => ({
      id: Number(id),
      receivedAt: String(receivedAt),
      name: String(name),
      email: String(email),
      subject: String(subject),
      message: String(message),
    }));
  }

  close(): void {
    this.db.close();
  }

  private persist(): void {
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, this.db.export());
    const fd = openSync(temp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }
}
