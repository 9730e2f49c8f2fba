import { randomBytes } from 'node:crypto';

/** One part of a multipart request: an option's text, or a file. */
export type Part = { name: string; text: string } | { name: string; fileName: string; content: Blob; contentType: string };

export interface MultipartBody {
  contentType: string;
  /** Exact size in bytes, sent as Content-Length so the server can refuse an oversized upload before reading it. */
  length: number;
  /** The bytes, files read from disk as they are sent; `onBytes` hears each chunk's size (the upload's progress). */
  stream(onBytes: (bytes: number) => void): AsyncIterable<Uint8Array>;
}

/** A header's quoted value, escaped as browsers escape form-data names (HTML spec). */
function quoted(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/**
 * Encodes parts as multipart/form-data. fetch() would encode a FormData itself,
 * but says nothing of how far the upload has got; this says, and knows the length.
 */
export function multipartBody(parts: readonly Part[]): MultipartBody {
  const boundary = `----folio-cli-${randomBytes(12).toString('hex')}`;
  const encoder = new TextEncoder();
  const chunks = parts.map((part) => {
    const disposition = `form-data; name="${quoted(part.name)}"`;
    if ('text' in part) {
      return { head: encoder.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${part.text}\r\n`) };
    }
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: ${disposition}; filename="${quoted(part.fileName)}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
    );
    return { head, content: part.content };
  });
  const newline = encoder.encode('\r\n');
  const end = encoder.encode(`--${boundary}--\r\n`);
  const length = chunks.reduce((sum, chunk) => sum + chunk.head.length + (chunk.content ? chunk.content.size + newline.length : 0), 0) + end.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    async *stream(onBytes) {
      for (const chunk of chunks) {
        onBytes(chunk.head.length);
        yield chunk.head;
        if (!chunk.content) continue;
        for await (const piece of chunk.content.stream() as unknown as AsyncIterable<Uint8Array>) {
          onBytes(piece.length);
          yield piece;
        }
        onBytes(newline.length);
        yield newline;
      }
      onBytes(end.length);
      yield end;
    },
  };
}
