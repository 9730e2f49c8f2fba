import type { NoContentOutput } from './processor';

/** A file as the runner receives it, in the run's folder, before its content is checked. */
export interface SentFile {
  path: string;
  originalName: string;
  size: number;
}

/**
 * A tool request as the runner reads it: the main files, and the option values
 * as a multipart body holds them (each file field's files as `SentFile`s).
 */
export interface ToolRequest {
  uploads: readonly SentFile[];
  body: Readonly<Record<string, unknown>>;
}

/** What a run answers: a file with its download name, type and headers, or nothing to send (204). */
export type Answer = { path: string; fileName: string; contentType: string; headers?: Readonly<Record<string, string>> } | NoContentOutput;
