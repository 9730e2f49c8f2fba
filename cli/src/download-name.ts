import { basename } from 'node:path';

/**
 * The file name in a Content-Disposition header: `filename*=UTF-8''…` when
 * present, else `filename="…"` (the server URL-encodes it, as the reference does).
 */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  const raw = extended?.[1] ?? plain?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

/** A name safe to write in the output folder: no folders, no control characters, never `.` or `..`. */
export function safeFileName(name: string | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}
