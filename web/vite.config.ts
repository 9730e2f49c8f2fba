import { cpSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

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
 * `files` collects the bundle's own pdf.js files (library and worker), which the
 * service worker leaves out: they only draw results, and results need the server.
 */
function pdfjsAssets(): Plugin & { files: Set<string> } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const files = new Set<string>();
  let outDir = 'dist';
  return {
    name: 'folio-pdfjs-assets',
    apply: 'build',
    files,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const sources = file.type === 'chunk' ? [file.facadeModuleId ?? ''] : file.originalFileNames;
        if (sources.some((source) => source.startsWith(packageDir))) files.add(file.fileName);
      }
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

const pdfjs = pdfjsAssets();

const localesDir = fileURLToPath(new URL('./src/locales/', import.meta.url));

/** The manifest's words in one language (src/locales/<code>/app/manifest.json). */
function manifestTexts(code: string): { name: string; description: string } {
  return JSON.parse(readFileSync(join(localesDir, code, 'app/manifest.json'), 'utf8')) as { name: string; description: string };
}

/** Every language but English has its own `manifest-<code>.webmanifest`; the page links it when that language is chosen (src/i18n/language.ts). */
const TRANSLATED_MANIFEST_LOCALES = ['hi', 'es', 'fr', 'de', 'pt-BR', 'zh-CN', 'ja', 'ar'];

/**
 * Writes the installable app's manifest once per language: the English one by
 * VitePWA, the others here, with their name, description, `lang` and `dir`.
 */
function localizedManifests(base: Partial<ManifestOptions>): Plugin {
  return {
    name: 'folio-localized-manifests',
    apply: 'build',
    generateBundle() {
      for (const code of TRANSLATED_MANIFEST_LOCALES) {
        if (!existsSync(join(localesDir, code, 'app/manifest.json'))) continue;
        const manifest = { ...base, ...manifestTexts(code), lang: code, dir: code === 'ar' ? 'rtl' : 'ltr' };
        this.emitFile({ type: 'asset', fileName: `manifest-${code}.webmanifest`, source: JSON.stringify(manifest) });
      }
    },
  };
}

const baseManifest: Partial<ManifestOptions> = {
  short_name: 'Folio',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#2949c4',
  background_color: '#f6f7fb',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The installable app: a web manifest and a service worker (Workbox) that precaches
 * the app shell, so the site opens offline. Navigations are answered with the
 * cached index.html, except the API (never cached: no route for it at all) and
 * files such as /robots.txt or the divider sheet PDF.
 */
/** The chunks holding one language's catalogue each (src/i18n/catalogues/<code>.ts), named by `chunkFileNames` below. */
const LANGUAGE_CHUNK = /assets\/language-[\w-]+\.js$/;

const installableApp = VitePWA({
  // A small external script registers the worker: the CSP allows no inline script,
  // and the entry bundle stays free of workbox-window.
  injectRegister: 'script-defer',
  // A new version waits until every tab of the old one is closed, so an open page
  // never loses the lazily loaded chunks of the build it started with.
  registerType: 'prompt',
  // The icons are precached by globPatterns below, with the rest of the shell.
  includeManifestIcons: false,
  manifest: { ...baseManifest, ...manifestTexts('en'), lang: 'en', dir: 'ltr' },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['pdfjs/**'],
    // A language's catalogue is fetched by the visitors who read it, and kept for them when it is (runtimeCaching): not precached for all.
    manifestTransforms: [
      async (entries) => ({ manifest: entries.filter((entry) => !pdfjs.files.has(entry.url) && !LANGUAGE_CHUNK.test(entry.url)), warnings: [] }),
    ],
    runtimeCaching: [{ urlPattern: ({ url }) => LANGUAGE_CHUNK.test(url.pathname), handler: 'CacheFirst', options: { cacheName: 'folio-languages' } }],
    navigateFallback: '/index.html',
    // The API (its Swagger page included) and paths naming a file are not app pages.
    navigateFallbackDenylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/]+$/],
    clientsClaim: true,
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [
    react(),
    toolCatalogModule(),
    pdfjs,
    installableApp,
    localizedManifests(baseManifest),
    // Brotli and gzip copies next to each file (server/src/http/compressed-static.ts
    // serves them); below 1 KiB the headers outweigh the saving.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/ }),
  ],
  resolve: { alias: registryAlias },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The manifest (dist/.vite/manifest.json) tells which chunks each page loads: the home page's budget test reads it.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/src/i18n/catalogues/') ? 'assets/language-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
