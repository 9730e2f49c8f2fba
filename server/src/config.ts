import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Server settings, read once from the environment (README "Configuration"). */
export interface ServerConfig {
  /** PORT: where UI and API are served. */
  port: number;
  /** FOLIO_MAX_UPLOAD_MB: largest single file; larger ones get 413. */
  maxUploadBytes: number;
  /** FOLIO_MAX_REQUEST_MB: most bytes one request may carry; refused before reading the body. */
  maxRequestBytes: number;
  /** FOLIO_MAX_FILES: most files in one request. */
  maxFiles: number;
  /** FOLIO_MAX_RASTER_PAGES: most pages a tool that renders pages will take. */
  maxRasterPages: number;
  /** FOLIO_MAX_PIXELS_PER_PAGE: largest page a tool may render (width × height in pixels). */
  maxPixelsPerPage: number;
  /** FOLIO_MAX_PIXELS_PER_REQUEST: most pixels one request may render, all pages together. */
  maxPixelsPerRequest: number;
  /** FOLIO_MAX_DECODED_CONTENT_MB: most bytes a PDF's content streams may inflate to, and one image's pixels may declare, for tools that render or read page content. */
  maxDecodedContentBytes: number;
  /** FOLIO_JOB_TIMEOUT_MS: a job's whole time limit, queueing included, unless a tool declares its own. */
  engineTimeoutMs: number;
  /** FOLIO_MAX_CONCURRENT_JOBS: jobs processed at once; FOLIO_MAX_QUEUED_JOBS: jobs waiting (then 429). */
  maxConcurrentJobs: number;
  maxQueuedJobs: number;
  /** FOLIO_ENGINE_CONCURRENCY / FOLIO_ENGINE_QUEUE: per engine (qpdf, pdftoppm, ...). */
  engineConcurrency: number;
  engineQueue: number;
  /** FOLIO_OFFICE_INSTANCES: warm LibreOffice instances kept for office conversions. */
  officeInstances: number;
  /** FOLIO_WORKSPACE_MAX_AGE_MIN: the sweeper removes request folders older than this. */
  workspaceMaxAgeMs: number;
  /** FOLIO_SHUTDOWN_GRACE_MS: on SIGTERM, how long in-flight jobs may finish. */
  shutdownGraceMs: number;
  /** FOLIO_WORK_DIR: parent of the per-request temporary folders. */
  workDir: string;
  /** FOLIO_DATA_DIR: durable data (contact messages database). */
  dataDir: string;
  /** FOLIO_DATABASE_URL: a PostgreSQL database (postgres://user:password@host/db) for contact messages, shared by every replica; unset, they go to SQLite in dataDir. */
  databaseUrl?: string;
  /** FOLIO_WEB_DIR: the built web app to serve. */
  webDir: string;
  /** FOLIO_HEADERS_TIMEOUT_MS: a connection must send a request's headers within this long, or it is closed. */
  headersTimeoutMs: number;
  /** FOLIO_BODY_STALL_MS: a request body that sends less than 16 KiB in this long is answered 408 and closed. */
  bodyStallMs: number;
  /** FOLIO_MAX_PAGES: most pages a document may have for any tool (structural work included). */
  maxPages: number;
  /** FOLIO_ENGINE_PAGE_MS: the time one page may take an engine; a run far past its pages' time is stopped as stalled (400). */
  enginePageMs: number;
  /** FOLIO_ENGINE_MEMORY_MB: address space one engine process (qpdf, Ghostscript, Poppler, OCR ...) may take. */
  engineMemoryMb: number;
  /** FOLIO_CONTACT_EMAIL: address shown in the privacy policy. */
  contactEmail: string;
  /** FOLIO_GOVERNING_LAW: jurisdiction named in the terms. */
  governingLaw: string;
  /** FOLIO_PUBLIC_URL: the site's address as visitors see it; when set, the contact form takes posts only from pages there. */
  publicUrl: string | undefined;
  /**
   * Tests only (server/test/support/test-server.ts sets it): a processor's
   * result its tool's declaration does not allow fails the request, naming
   * what to fix, instead of being answered as declared and logged.
   */
  refuseUndeclaredResults: boolean;
  /** FOLIO_TRUST_PROXY: proxies whose X-Forwarded-For gives the client address (Express "trust proxy": hop count or addresses); none unless set. */
  trustProxy: number | string | false;
  /** FOLIO_CONTACT_MAX_PER_ADDRESS per FOLIO_CONTACT_WINDOW_MIN: contact messages one client address may send (then 429). */
  contactMaxPerAddress: number;
  contactAddressWindowMs: number;
  /** FOLIO_CONTACT_MAX_PER_HOUR: contact messages accepted per hour from everyone together (then 429). */
  contactMaxPerHour: number;
  /** FOLIO_JOB_RESULT_TTL_MIN: how long an async job's result waits to be downloaded before it is deleted. */
  jobResultTtlMs: number;
  /** FOLIO_REDIS_URL: run jobs on BullMQ queues in this Redis, shared by every node (docs/deploy.md); in-process when unset. */
  redisUrl: string | undefined;
  /** FOLIO_ROLE: with Redis, what this node does: accept requests (`api`), run engines (`worker`), or both (`all`). */
  role: ServerRole;
  /** FOLIO_SHARED_DIR: with Redis, the folder every node mounts at the same path, where jobs' files live. */
  sharedDir: string | undefined;
  /** FOLIO_JOB_LOCK_MS: with Redis, how long a worker's silence means it died; its job is then retried once elsewhere. */
  jobLockMs: number;
  /** FOLIO_MAX_JOBS_PER_ADDRESS: jobs one client address may have running or waiting at once (then 429); waiting jobs are served address by address in turn. */
  maxJobsPerAddress: number;
  /** FOLIO_MAX_EVENT_STREAMS, _PER_ADDRESS, _PER_JOB: job event streams open at once in this process, from one client address, on one job (then 429). */
  maxEventStreams: number;
  maxEventStreamsPerAddress: number;
  maxEventStreamsPerJob: number;
  /** FOLIO_MAX_RESULTS_MB, FOLIO_MAX_RESULTS_MB_PER_ADDRESS: bytes of finished async results kept for download, in all and per client address; past either, new async jobs get 429. */
  maxResultBytes: number;
  maxResultBytesPerAddress: number;
  /** FOLIO_METRICS_PORT: serve Prometheus metrics on this port (its own listener, never the public one); unset, no metrics are served. */
  metricsPort: number | undefined;
}

export type ServerRole = 'api' | 'worker' | 'all';

const REPO_ROOT = resolve(__dirname, '../..');
const MB = 1024 * 1024;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}".`);
  return value;
}

function httpUrl(name: string): string | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
    throw new Error(`${name} must be an http(s) URL such as https://folio.example, got "${raw}".`);
  return raw;
}

/** The value is not repeated in the error: it may hold a password. */
function postgresUrl(name: string): string | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!URL.canParse(raw) || !/^postgres(ql)?:$/.test(new URL(raw).protocol)) {
    throw new Error(`${name} must be a PostgreSQL URL such as postgres://folio:secret@db.example:5432/folio.`);
  }
  return raw;
}

/** Express's "trust proxy": a hop count, or addresses and subnets ("loopback", "10.0.0.0/8"). */
function trustedProxies(name: string): number | string | false {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '' || raw === 'false') return false;
  // "true" would take the left-most X-Forwarded-For entry, which any client can write.
  if (raw === 'true')
    throw new Error(`${name} must name the proxies: a hop count such as 1, or addresses such as "loopback"; "true" would believe any client.`);
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function optionalPort(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number from 1 to 65535, got "${raw}".`);
  return value;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: positiveNumber('PORT', 8080),
    maxUploadBytes: positiveNumber('FOLIO_MAX_UPLOAD_MB', 100) * MB,
    maxRequestBytes: positiveNumber('FOLIO_MAX_REQUEST_MB', 250) * MB,
    maxFiles: positiveNumber('FOLIO_MAX_FILES', 50),
    maxRasterPages: positiveNumber('FOLIO_MAX_RASTER_PAGES', 2000),
    maxPixelsPerPage: positiveNumber('FOLIO_MAX_PIXELS_PER_PAGE', 40_000_000),
    maxPixelsPerRequest: positiveNumber('FOLIO_MAX_PIXELS_PER_REQUEST', 2_000_000_000),
    maxDecodedContentBytes: positiveNumber('FOLIO_MAX_DECODED_CONTENT_MB', 512) * MB,
    engineTimeoutMs: positiveNumber('FOLIO_JOB_TIMEOUT_MS', 300_000),
    maxConcurrentJobs: positiveNumber('FOLIO_MAX_CONCURRENT_JOBS', 8),
    maxQueuedJobs: positiveNumber('FOLIO_MAX_QUEUED_JOBS', 32),
    engineConcurrency: positiveNumber('FOLIO_ENGINE_CONCURRENCY', 4),
    engineQueue: positiveNumber('FOLIO_ENGINE_QUEUE', 64),
    officeInstances: positiveNumber('FOLIO_OFFICE_INSTANCES', 2),
    workspaceMaxAgeMs: positiveNumber('FOLIO_WORKSPACE_MAX_AGE_MIN', 60) * 60_000,
    shutdownGraceMs: positiveNumber('FOLIO_SHUTDOWN_GRACE_MS', 30_000),
    workDir: process.env.FOLIO_WORK_DIR || join(tmpdir(), 'folio'),
    dataDir: process.env.FOLIO_DATA_DIR || join(REPO_ROOT, 'data'),
    databaseUrl: postgresUrl('FOLIO_DATABASE_URL'),
    webDir: process.env.FOLIO_WEB_DIR || join(REPO_ROOT, 'web', 'dist'),
    headersTimeoutMs: positiveNumber('FOLIO_HEADERS_TIMEOUT_MS', 20_000),
    bodyStallMs: positiveNumber('FOLIO_BODY_STALL_MS', 15_000),
    maxPages: positiveNumber('FOLIO_MAX_PAGES', 10_000),
    enginePageMs: positiveNumber('FOLIO_ENGINE_PAGE_MS', 20_000),
    engineMemoryMb: positiveNumber('FOLIO_ENGINE_MEMORY_MB', 3072),
    contactEmail: process.env.FOLIO_CONTACT_EMAIL || 'privacy@folio.example',
    governingLaw: process.env.FOLIO_GOVERNING_LAW || 'the laws of India, with the courts of Bengaluru having jurisdiction',
    publicUrl: httpUrl('FOLIO_PUBLIC_URL'),
    trustProxy: trustedProxies('FOLIO_TRUST_PROXY'),
    contactMaxPerAddress: positiveNumber('FOLIO_CONTACT_MAX_PER_ADDRESS', 5),
    contactAddressWindowMs: positiveNumber('FOLIO_CONTACT_WINDOW_MIN', 10) * 60_000,
    contactMaxPerHour: positiveNumber('FOLIO_CONTACT_MAX_PER_HOUR', 200),
    jobResultTtlMs: positiveNumber('FOLIO_JOB_RESULT_TTL_MIN', 10) * 60_000,
    maxJobsPerAddress: positiveNumber('FOLIO_MAX_JOBS_PER_ADDRESS', 4),
    maxEventStreams: positiveNumber('FOLIO_MAX_EVENT_STREAMS', 1000),
    maxEventStreamsPerAddress: positiveNumber('FOLIO_MAX_EVENT_STREAMS_PER_ADDRESS', 20),
    maxEventStreamsPerJob: positiveNumber('FOLIO_MAX_EVENT_STREAMS_PER_JOB', 5),
    maxResultBytes: positiveNumber('FOLIO_MAX_RESULTS_MB', 2048) * MB,
    maxResultBytesPerAddress: positiveNumber('FOLIO_MAX_RESULTS_MB_PER_ADDRESS', 512) * MB,
    metricsPort: optionalPort('FOLIO_METRICS_PORT'),
    refuseUndeclaredResults: false,
    ...clusterSettings(),
    ...overrides,
  };
}

/** The scale-out settings, which only make sense together: Redis, a role, and a folder every node shares. */
function clusterSettings(): Pick<ServerConfig, 'redisUrl' | 'role' | 'sharedDir' | 'jobLockMs'> {
  const redisUrl = process.env.FOLIO_REDIS_URL || undefined;
  const role = (process.env.FOLIO_ROLE || 'all') as ServerRole;
  if (!['api', 'worker', 'all'].includes(role)) throw new Error(`FOLIO_ROLE must be api, worker or all, got "${role}".`);
  const sharedDir = process.env.FOLIO_SHARED_DIR || undefined;
  if (redisUrl !== undefined) {
    if (!URL.canParse(redisUrl) || !/^rediss?:$/.test(new URL(redisUrl).protocol))
      throw new Error(`FOLIO_REDIS_URL must be a redis:// URL, got "${redisUrl}".`);
    if (sharedDir === undefined) throw new Error('FOLIO_SHARED_DIR must name the folder every node shares when FOLIO_REDIS_URL is set.');
  } else if (role !== 'all') {
    throw new Error(`FOLIO_ROLE=${role} needs FOLIO_REDIS_URL: without Redis one process does everything.`);
  }
  return { redisUrl, role, sharedDir: sharedDir && resolve(sharedDir), jobLockMs: positiveNumber('FOLIO_JOB_LOCK_MS', 30_000) };
}

export const SERVER_CONFIG = Symbol('SERVER_CONFIG');
