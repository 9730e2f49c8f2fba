export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type StoredContactMessage = ContactMessage & { id: number; receivedAt: string };

/**
 * Where the contact endpoint keeps messages: an SQLite file in the data folder
 * (ContactStore, the default) or, with FOLIO_DATABASE_URL, a PostgreSQL
 * database every replica shares (PostgresContactStore).
 */
export interface ContactMessageStore {
  /**
   * Stores a message durably; resolves with its id once it is committed.
   * Rejects with ContactStoreUnavailableError when the database cannot be reached.
   */
  save(message: ContactMessage): Promise<number>;
  close(): void | Promise<void>;
}

export const CONTACT_MESSAGE_STORE = Symbol('CONTACT_MESSAGE_STORE');

/** The database is down, unreachable or refusing us: the message was not stored, and a later try may succeed. */
export class ContactStoreUnavailableError extends Error {
  constructor(options: { cause: unknown }) {
    super('The contact message database is unavailable.', options);
    this.name = 'ContactStoreUnavailableError';
  }
}
