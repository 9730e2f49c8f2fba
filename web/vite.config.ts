import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

const TOOL_CATALOG_ID = 'virtual:tool-catalog';

/**
 * `virtual:tool-catalog`: the home page's categories and cards (registry/catalog.ts),
 * computed from the registry at build time. The home page and the route table need
 * only titles, subtitles and paths, so the first page loads neither zod nor the 59
 * declarations; the tool page loads those when it is visited.
 */
function toolCatalogModule(): Plugin {
  const resolvedId = `\0${TOOL_CATALOG_ID}`;
  return {
    name: 'folio-tool-catalog',
    resolveId: {
      filter: { id: new RegExp(`^${TOOL_CATALOG_ID}$`) },
      handler: () => resolvedId,
    },
    load: {
      filter: { id: new RegExp(`^\0${TOOL_CATALOG_ID}$`) },
      async handler() {
        const { module: registry, dependencies } = await runnerImport<typeof import('@folio/registry')>(`${registryDir}index.ts`, {
          configFile: false,
          logLevel: 'warn',
          resolve: { alias: registryAlias },
        });
        for (const file of dependencies) this.addWatchFile(file);
        return `export default ${JSON.stringify(registry.toolCatalog(registry.tools))};`;
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    toolCatalogModule(),
    pdfjsAssets(),
    // Brotli and gzip copies next to each file (server/src/http/compressed-static.ts
    // serves them); below 1 KiB the headers outweigh the saving.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/ }),
  ],
  resolve: { alias: registryAlias },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The manifest (dist/.vite/manifest.json) tells which chunks each page loads: the home page's budget test reads it.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
