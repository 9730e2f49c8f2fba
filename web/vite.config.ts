import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const registryDir = fileURLToPath(new URL('../registry/', import.meta.url));

// The registry is shipped as TypeScript source (extensionless imports, `./kit`
// directory index); bundling the source keeps web and server on one declaration
// without a build step in between.
const registryAlias = [
  { find: /^@folio\/registry$/, replacement: `${registryDir}index.ts` },
  { find: /^@folio\/registry\/(.*)$/, replacement: `${registryDir}$1` },
];

// The API server (server/) listens on 8080; the browser always calls same-origin /api.
const apiProxy = { '/api': 'http://localhost:8080' };

/**
 * pdf.js reads fonts, CMaps, colour profiles and image decoders at run time, by
 * URL: the build copies them to `pdfjs/<version>/` (the version in the path,
 * since the server caches assets for a year), where web/src/pdf-rendering looks.
 */
function pdfjsAssets(): Plugin {
  const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  let outDir = 'dist';
  return {
    name: 'folio-pdfjs-assets',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const folder of ['cmaps', 'standard_fonts', 'iccs', 'wasm']) {
        cpSync(join(packageDir, folder), join(outDir, 'pdfjs', version, folder), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  resolve: { alias: registryAlias },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
