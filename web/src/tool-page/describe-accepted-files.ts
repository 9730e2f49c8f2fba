import { FILE_TYPES, type InputSpec } from '@folio/registry';

/** Drop-zone wording from the tool's input rules. e.g. 'Drop PDF files here' */
export function describeAcceptedFiles(input: InputSpec): { prompt: string; types: string } {
  const labels = input.accept.map((key) => FILE_TYPES[key].label);
  const types = labels.join(', ');
  const prompt = input.multiple ? `Drop ${types} files here` : `Drop a ${types} file here`;
  return { prompt, types: input.multiple ? `${types} files only` : `One ${types} file` };
}
