// Layout rules that enforce themselves (`npm run check`): no import cycle
// between modules, and the boundaries the README's "How a request flows"
// describes. Style is the formatter's (Prettier), types are tsc's: this file
// holds only what neither of them can see.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const typescriptProjects = [
  'registry/tsconfig.json',
  'server/tsconfig.json',
  'generators/tsconfig.json',
  'web/tsconfig.json',
  'tsconfig.tests.json',
  'cli/tsconfig.json',
  'cli/tsconfig.spec.json',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-bench/**', '**/node_modules/**', 'web/public/**', '**/*.d.ts', 'coverage/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    // Comments that turn off rules this file does not run (kept for editors that do) are not errors.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX, boundaries },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: typescriptProjects, noWarnOnMultipleProjects: true })],
      // The boundaries plugin resolves imports through the classic resolver setting.
      'import/resolver': { typescript: { project: typescriptProjects, noWarnOnMultipleProjects: true } },
      'boundaries/include': ['server/src/**/*'],
      'boundaries/elements': [
        // The HTTP edge: the only code that speaks Express and Nest controllers.
        { type: 'edge', pattern: ['server/src/(tool-routing|http|openapi|contact|site)/**', 'server/src/(app|app.module|main).ts'], mode: 'full' },
        { type: 'execution', pattern: 'server/src/tool-execution/**', mode: 'full' },
        { type: 'jobs', pattern: 'server/src/jobs/**', mode: 'full' },
        // A task of the pdf-lib engine lives with the tool it serves and is run by the engine's isolated host.
        { type: 'pdf-lib-task', pattern: 'server/src/**/*.task.ts', mode: 'full' },
        { type: 'processor', pattern: 'server/src/processors/*', capture: ['tool'] },
        { type: 'engine', pattern: 'server/src/engines/**', mode: 'full' },
        { type: 'subject', pattern: 'server/src/*', capture: ['subject'] },
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['processor', 'pdf-lib-task'],
              disallow: ['edge', 'jobs'],
              message: 'Processors throw domain errors and know nothing of HTTP or the queue: map errors at the edge (tool-routing/).',
            },
            {
              from: 'processor',
              disallow: [['processor', { tool: '!${from.tool}' }]],
              message: "A helper used by several tools lives in a folder named for its subject, not in another tool's folder.",
            },
            {
              from: 'engine',
              disallow: ['edge', 'execution', 'jobs', 'processor'],
              message: 'Engines are thin wrappers: they import no tool, no execution core, no HTTP.',
            },
            {
              from: ['execution', 'jobs', 'subject'],
              disallow: ['edge'],
              message: 'Only the edge speaks HTTP: the core, the queue and shared subjects do not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their fixtures may reach across (a spec checks one tool's output with another's helper).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.fixtures.ts', 'server/test/**', 'web/e2e/**', 'server/bench/**'],
    rules: { 'boundaries/element-types': 'off' },
  },
);
