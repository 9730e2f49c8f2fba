import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import { constants, createInflate } from 'node:zlib';
import { type QpdfObjects } from '../../engines/qpdf/qpdf-objects';
import { copyDecodedStreams, copyStreams, decodedStreamSize } from '../../engines/qpdf/qpdf-streams';
import type { EngineOptions } from '../../engines/process';
import { Ascii85Decoder, AsciiHexDecoder } from '../../pdf-filters/ascii-filters';
import { InvalidInputError } from '../../refusals/input-errors';
import type { Workspace } from '../../workspace/workspace';
import { decodeScriptBytes, scriptStringText } from '../../pdf-scripts/script-encoding';
import type { FoundScript } from '../../pdf-scripts/script-finder';

/**
 * The text of each script found: a string's as qpdf decoded it, a stream's
 * decoded (Flate and the ASCII encodings in Node, anything else by qpdf) and
 * read as a text string is (UTF-16 or UTF-8 with its byte-order mark, else
 * UTF-8 when it is valid, else PDFDocEncoding, as Latin-1). Past `limit` bytes
 * of script in all, the file is refused: a script stream may inflate to
 * gigabytes.
 */
export async function readScriptTexts(
  pdf: string,
  scripts: readonly FoundScript[],
  objects: QpdfObjects,
  context: { fileName: string; limit: number; workspace: Workspace; engine: EngineOptions },
): Promise<string[]> {
  const budget = new Budget(context.fileName, context.limit);
  const streamRefs = [...new Set(scripts.map((s) => s.js).filter((js) => / R$/.test(js)))];
  const streamTexts = await readStreams(pdf, streamRefs, objects, budget, context);
  return scripts.map((script) => {
    const stream = streamTexts.get(script.js);
    if (stream !== undefined) return stream;
    const text = scriptStringText(script.js);
    budget.spend(Buffer.byteLength(text));
    return text;
  });
}

/** Bytes of script left to read; past them, the file is refused. */
class Budget {
  constructor(
    private readonly fileName: string,
    private readonly limit: number,
    private spent = 0,
  ) {}

  get remaining(): number {
    return this.limit - this.spent;
  }

  spend(bytes: number): void {
    this.spent += bytes;
    if (this.spent > this.limit) {
      throw new InvalidInputError(
        `The scripts in "${this.fileName}" come to more than ${Math.round(this.limit / 1024 / 1024)} MB; this tool shows up to that much.`,
      );
    }
  }
}

/** Filters Node undoes itself; a stream with others (or with /DecodeParms) is decoded by qpdf. */
const NODE_DECODERS: Record<string, () => Transform> = {
  '/FlateDecode': () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  '/Fl': () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  '/ASCII85Decode': () => new Ascii85Decoder(),
  '/A85': () => new Ascii85Decoder(),
  '/ASCIIHexDecode': () => new AsciiHexDecoder(),
  '/AHx': () => new AsciiHexDecoder(),
};

async function readStreams(
  pdf: string,
  refs: readonly string[],
  objects: QpdfObjects,
  budget: Budget,
  { workspace, engine }: { workspace: Workspace; engine: EngineOptions },
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (refs.length === 0) return texts;
  const folder = await workspace.newFolder();
  try {
    const stored = await copyStreams(pdf, refs, join(folder, 'raw'), engine);
    const byQpdf: string[] = [];
    for (const stream of stored) {
      const ref = `${stream.object} 0 R`;
      const params = objects[`obj:${ref}`]?.stream?.dict['/DecodeParms'];
      const { filters } = stream;
      if (!filters || params !== undefined || !filters.every((filter) => filter in NODE_DECODERS)) {
        byQpdf.push(ref);
        continue;
      }
      const bytes = await decodeInNode(
        stream.dataFile,
        filters.map((filter) => NODE_DECODERS[filter]()),
        budget.remaining,
      );
      budget.spend(bytes.length);
      texts.set(ref, decodeScriptBytes(bytes));
    }
    for (const ref of byQpdf) budget.spend(await decodedStreamSize(pdf, Number(ref.split(' ')[0]), budget.remaining, engine));
    for (const stream of await copyDecodedStreams(pdf, byQpdf, join(folder, 'decoded'), engine)) {
      texts.set(`${stream.object} 0 R`, decodeScriptBytes(await readFile(stream.dataFile)));
    }
    return texts;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The file run through `decoders` in turn, up to `limit + 1` bytes (enough to
 * know it is over); damaged data ends the output where it is, as viewers read it.
 */
function decodeInNode(path: string, decoders: Transform[], limit: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const source = createReadStream(path);
    const stages = [source, ...decoders];
    const finish = () => {
      for (const stage of stages) stage.destroy();
      resolve(Buffer.concat(chunks).subarray(0, limit + 1));
    };
    const last = stages[stages.length - 1];
    last.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes > limit) finish();
    });
    last.on('end', finish);
    for (const stage of stages) stage.on('error', finish);
    stages.reduce((from, to) => from.pipe(to as Transform));
  });
}
