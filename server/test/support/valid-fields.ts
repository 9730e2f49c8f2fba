import { tools, type AnyTool } from '@folio/registry';
import { deriveQaCases, type QaCase } from '../../../generators/src/qa-cases';
import type { Upload } from './http';
import { qaFieldParts } from './sample-files';

/** Large enough for any sample; these uploads are never the too-large case. */
const NO_SIZE_LIMIT = Number.MAX_SAFE_INTEGER;

const requests = new Map<AnyTool, QaCase>();

/**
 * A request that passes a tool's own checks, so a test can make the main *file*
 * the thing under test: the QA matrix's "every shown option at its default" case
 * (defaults, a valid value for each required field they show, a field that routes
 * a shared endpoint to the right tool), one derivation for both.
 */
function validRequest(tool: AnyTool): QaCase {
  let request = requests.get(tool);
  if (!request) {
    request = deriveQaCases(tool, tools.includes(tool) ? tools : [...tools, tool]).find((c) => c.id === 'defaults-sent')!;
    requests.set(tool, request);
  }
  return request;
}

/** The text fields of a valid request. */
export function validFields(tool: AnyTool): Record<string, string> {
  return validRequest(tool).fields;
}

/** Sample files for the `file` fields a valid request must carry (a key store for Sign with Certificate), each under its field. */
export function validFieldUploads(tool: AnyTool): Promise<Upload[]> {
  return qaFieldParts(validRequest(tool).fieldUploads, NO_SIZE_LIMIT);
}
