import { Inject } from '@nestjs/common';
import { decompressPdfTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { writeDecompressed } from '../../engines/qpdf/qpdf-decompression';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { refuseDecompressionBombs } from './decompression-budget';

/**
 * Decompress PDF: the streams are weighed decoded against the server's
 * content budget, then qpdf writes the file with every losslessly encoded
 * stream plain (images' codecs kept), no object streams, decrypted.
 */
@ToolProcessor(decompressPdfTool)
export class DecompressPdfProcessor implements Processor<typeof decompressPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof decompressPdfTool>): Promise<ProcessorOutput> {
    await refuseDecompressionBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });
    const output = workspace.newPath('.pdf');
    await writeDecompressed(file.path, output, engine);
    return { path: output };
  }
}
