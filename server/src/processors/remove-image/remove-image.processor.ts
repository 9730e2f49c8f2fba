import { removeImageTool } from '@folio/registry';
import { readObjects, updateObjects } from '../../engines/qpdf/qpdf-objects';
import { externaliseInlineImages } from '../../engines/qpdf/qpdf-rewrites';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { imageRemovals } from './image-removal';

/**
 * Remove Image, all with qpdf: inline images become image objects, then every
 * image object becomes an empty form (a JSON update of just those objects;
 * content streams, fonts and everything else copied as they are), so text
 * stays text and drawings stay drawings.
 */
@ToolProcessor(removeImageTool)
export class RemoveImageProcessor implements Processor<typeof removeImageTool> {
  // qpdf reads the content streams to find inline images: a decompression bomb is refused first.
  readonly readsPageContent = true;

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof removeImageTool>): Promise<ProcessorOutput> {
    const source = workspace.newPath('.pdf');
    await externaliseInlineImages(file.path, source, engine);

    const { objects, maxObjectId } = await readObjects(source, engine);
    const output = workspace.newPath('.pdf');
    await updateObjects(source, output, { maxObjectId, objects: imageRemovals(objects) }, workspace.newPath('.json'), engine);
    return { path: output };
  }
}
