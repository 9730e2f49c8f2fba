import { Logger } from '@nestjs/common';
import { DatabaseError, Pool } from 'pg';
import { type ContactMessage, type ContactMessageStore, ContactStoreUnavailableError } from './contact-message-store';

/**
 * Held while one server creates the table: two replicas starting together
 * would otherwise race in CREATE TABLE IF NOT EXISTS, and the loser fails on
 * the catalogue's unique index instead of finding the table. Any constant
 * other applications of the database are unlikely to pick.
 */
const CREATE_TABLE_LOCK = 0x466f6c696f01; // "Folio" and 1

/** Same fields as the SQLite store's table; the time comes from the database, one clock for every replica. */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS contact_messages (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL
)`;

/** PostgreSQL's code for a table that does not exist (dropped, or a new database behind the same URL). */
const UNDEFINED_TABLE = '42P01';

/**
 * Contact messages in a PostgreSQL database (FOLIO_DATABASE_URL), so replicas
 * behind one address share them.
 *
 * Start-up does not wait for the database: open() only begins creating the
 * table in the background (so a wrong URL shows in the log at once), and if
 * that fails the next save tries again, so a database that is down while the
 * server starts does not stop it. While the database cannot be reached,
 * save() rejects with ContactStoreUnavailableError (the endpoint answers 503)
 * within CONNECT_TIMEOUT_MS or QUERY_TIMEOUT_MS.
 */
export class PostgresContactStore implements ContactMessageStore {
  private static readonly logger = new Logger('PostgresContactStore');
  private static readonly CONNECT_TIMEOUT_MS = 5_000;
  private static readonly QUERY_TIMEOUT_MS = 10_000;

  /** Set while the table is known to exist or being created; cleared by a failure, so the next save tries again. */
  private tableReady: Promise<void> | undefined;
  private closed: Promise<void> | undefined;

  private constructor(private readonly pool: Pool) {}

  static open(url: string): PostgresContactStore {
    const pool = new Pool({
      connectionString: url,
      max: 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: PostgresContactStore.CONNECT_TIMEOUT_MS,
      // Client-side, so a database that stopped answering mid-query (a lost
      // network) fails the request too; the pool then drops that connection.
      query_timeout: PostgresContactStore.QUERY_TIMEOUT_MS,
      application_name: 'folio',
    });
    // An idle connection the server closes (a restart) is reported here; unheard, it would end the process.
    pool.on('error', (error) => PostgresContactStore.logger.warn(`An idle PostgreSQL connection was closed: ${error.message}`));
    const store = new PostgresContactStore(pool);
    store
      .ensureTable()
      .catch((error: unknown) =>
        PostgresContactStore.logger.warn(`PostgreSQL could not be used at start-up; contact messages are refused until it can: ${describe(error)}`),
      );
    return store;
  }

  async save(message: ContactMessage): Promise<number> {
    try {
      await this.ensureTable();
      const { rows } = await this.pool.query<{ id: string }>(
        'INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id',
        [storable(message.name), storable(message.email), storable(message.subject), storable(message.message)],
      );
      return Number(rows[0].id);
    } catch (error) {
      if (error instanceof DatabaseError && error.code === UNDEFINED_TABLE) this.tableReady = undefined;
      PostgresContactStore.logger.warn(`A contact message could not be stored in PostgreSQL: ${describe(error)}`);
      throw new ContactStoreUnavailableError({ cause: error });
    }
  }

  /** Waits for connections in use to be released, then closes them all. */
  close(): Promise<void> {
    this.closed ??= this.pool.end();
    return this.closed;
  }

  private ensureTable(): Promise<void> {
    this.tableReady ??= this.createTable().catch((error: unknown) => {
      this.tableReady = undefined;
      throw error;
    });
    return this.tableReady;
  }

  private async createTable(): Promise<void> {
    const client = await this.pool.connect();
    let committed = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [CREATE_TABLE_LOCK]);
      await client.query(CREATE_TABLE);
      await client.query('COMMIT');
      committed = true;
    } finally {
      // A connection that failed mid-transaction is closed rather than reused.
      client.release(!committed);
    }
  }
}

/** PostgreSQL text cannot hold NUL characters, which SQLite stores and the form's checks let through. */
function storable(text: string): string {
  return text.replaceAll('\0', '\uFFFD');
}

/** The reason, without the URL (it may hold a password; pg's messages do not). */
function describe(error: unknown): string {
  if (error instanceof DatabaseError) return `${error.message} (${error.code})`;
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(describe).join('; ');
  return error instanceof Error ? error.message : String(error);
}
