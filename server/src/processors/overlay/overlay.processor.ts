import { overlayTool } from '@folio/registry';
import { decrypt } from '../../engines/qpdf/qpdf-encryption';
import { assemblePages, layerPages } from '../../engines/qpdf/qpdf-pages';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { overlayPairs, readCounts } from './overlay-plan';

/**
 * Draws pages of the overlay PDFs over (position 0) or under (any other) the
 * base PDF's pages, as the mode maps them (overlay-plan.ts). qpdf makes each
 * overlay page a form XObject once and adds it to its target pages' content,
 * centred, scaled down only when larger than the page: vectors and text stay
 * what they are, nothing is rendered, and the base keeps its pages, bookmarks
 * and forms.
 */
@ToolProcessor(overlayTool)
export class OverlayProcessor implements Processor<typeof overlayTool> {
  async run({ files: [base], params, workspace, engine }: ProcessorInput<typeof overlayTool>): Promise<ProcessorOutput> {
    const overlays = params.overlayFiles ?? [];
    const counts = params.overlayMode === 'FixedRepeatOverlay' ? readCounts(params.counts, overlays.length) : [];
    const pairs = overlayPairs(
      params.overlayMode,
      base.pageCount ?? 0,
      overlays.map((file) => file.pageCount ?? 1),
      counts,
    );

    // The overlays' pages one after another, in one file qpdf lays from.
    let layer = overlays[0].path;
    if (overlays.length > 1) {
      layer = workspace.newPath('.pdf');
      await assemblePages(
        layer,
        overlays.map((file) => ({ path: file.path, range: '1-z' })),
        engine,
      );
    }
    const output = workspace.newPath('.pdf');
    if (pairs.targets.length === 0) await decrypt(base.path, output, engine);
    else await layerPages(params.overlayPosition === 0 ? 'overlay' : 'underlay', base.path, layer, output, pairs, workspace.newPath('.args'), engine);
    return { path: output };
  }
}
