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
  /** FOLIO_WEB_DIR: the built web app to serve. */
  webDir: string;
  /** FOLIO_CONTACT_EMAIL: address shown in the privacy policy. */
  contactEmail: string;
  /** FOLIO_GOVERNING_LAW: jurisdiction named in the terms. */
  governingLaw: string;
}

const REPO_ROOT = resolve(__dirname, '../..');
const MB = 1024 * 1024;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}".`);
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
    webDir: process.env.FOLIO_WEB_DIR || join(REPO_ROOT, 'web', 'dist'),
    contactEmail: process.env.FOLIO_CONTACT_EMAIL || 'privacy@folio.example',
    governingLaw: process.env.FOLIO_GOVERNING_LAW || 'the laws of India, with the courts of Bengaluru having jurisdiction',
    ...overrides,
  };
}

export const SERVER_CONFIG = Symbol('SERVER_CONFIG');
