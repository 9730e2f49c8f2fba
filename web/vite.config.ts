import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  resolve: { alias: registryAlias },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
