import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Server settings, read once from the environment (README "Configuration"). */
export interface ServerConfig {
  /** PORT: where UI and API are served. */
  port: number;
  /** FOLIO_MAX_UPLOAD_MB: largest single upload; larger ones get 413. */
  maxUploadBytes: number;
  /** FOLIO_MAX_FILES: most files in one request. */
  maxFiles: number;
  /** FOLIO_ENGINE_TIMEOUT_MS: longest one engine run may take unless a tool declares its own. */
  engineTimeoutMs: number;
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
    maxUploadBytes: positiveNumber('FOLIO_MAX_UPLOAD_MB', 2000) * 1024 * 1024,
    maxFiles: positiveNumber('FOLIO_MAX_FILES', 100),
    engineTimeoutMs: positiveNumber('FOLIO_ENGINE_TIMEOUT_MS', 300_000),
    workDir: process.env.FOLIO_WORK_DIR || join(tmpdir(), 'folio'),
    dataDir: process.env.FOLIO_DATA_DIR || join(REPO_ROOT, 'data'),
    webDir: process.env.FOLIO_WEB_DIR || join(REPO_ROOT, 'web', 'dist'),
    contactEmail: process.env.FOLIO_CONTACT_EMAIL || 'privacy@folio.example',
    governingLaw: process.env.FOLIO_GOVERNING_LAW || 'the laws of India, with the courts of Bengaluru having jurisdiction',
    ...overrides,
  };
}

export const SERVER_CONFIG = Symbol('SERVER_CONFIG');
