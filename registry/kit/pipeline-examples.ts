import type { PipelineDefinition } from './pipeline-definition';

/**
 * Ready-made pipelines the page offers to start from; the server's tests run
 * each on real files (processors/pipeline/pipeline.http.spec.ts).
 */
export const PIPELINE_EXAMPLES: readonly PipelineDefinition[] = [
  {
    name: 'Prepare for e-mail',
    pipeline: [
      { operation: '/api/v1/misc/repair', parameters: {} },
      { operation: '/api/v1/security/sanitize-pdf', parameters: { removeJavaScript: true, removeEmbeddedFiles: true, removeLinks: false } },
      { operation: '/api/v1/misc/compress-pdf', parameters: { optimizeLevel: 5 } },
    ],
  },
  {
    name: 'Make scans searchable',
    pipeline: [
      { operation: '/api/v1/misc/ocr-pdf', parameters: { languages: ['eng'], ocrType: 'skip-text', deskew: true } },
      { operation: '/api/v1/misc/add-page-numbers', parameters: { customText: 'Page {n} of {total}', position: 8 } },
      { operation: '/api/v1/misc/compress-pdf', parameters: { optimizeLevel: 4 } },
    ],
  },
  {
    name: 'Archive-ready',
    pipeline: [
      { operation: '/api/v1/misc/repair', parameters: {} },
      { operation: '/api/v1/security/sanitize-pdf', parameters: { removeJavaScript: true, removeEmbeddedFiles: true } },
      { operation: '/api/v1/convert/pdf/pdfa', parameters: { outputFormat: 'pdfa-2b' } },
    ],
  },
];
