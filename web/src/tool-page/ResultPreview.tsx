import { PREVIEW_HEIGHT_PX } from '@folio/registry';

/** A PDF result in the browser's own viewer, 600 px high (spec §9). */
export function ResultPreview({ url }: { url: string }) {
  return <iframe className="tool-result__preview" title="Preview" src={url} height={PREVIEW_HEIGHT_PX} style={{ height: PREVIEW_HEIGHT_PX }} data-testid="result-preview" />;
}
