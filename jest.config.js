/** One jest run for the whole repo; each workspace is a project. */
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, diagnostics: false }];
const registryMapper = { '^@folio/registry$': '<rootDir>/registry/index.ts' };

/** @type {import('jest').Config} */
module.exports = {
  // More workers than cores: part of a test's time is spent waiting (on a server's start, a deadline, a
  // browser's page), and a third worker fills it. Measured on the 2-core machine, whole suite: 2 workers
  // 2,199 s, 3 workers 1,866 s with the CPU still 11% idle.
  maxWorkers: 3,
  // Jest's 5 s is a timing test on a shared 2-core machine: a 50 MB upload or a server start can take longer
  // under load. Hangs are still caught; tests that wait on long engine runs set their own limit.
  testTimeout: 20_000,
  // The long cross-tool suites are cut into a file per category so these workers share them; see the sequencer for their order.
  testSequencer: '<rootDir>/jest.sequencer.js',
  projects: [
    {
      displayName: 'registry',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/registry/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/registry/tsconfig.json') },
      moduleNameMapper: registryMapper,
    },
    // Server modules on their own (engines included, no HTTP server): `npm run test:unit` runs these.
    {
      displayName: 'server-unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/src/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.http\\.spec\\.ts$'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/server/tsconfig.json') },
      moduleNameMapper: registryMapper,
      setupFiles: ['reflect-metadata'],
    },
    // Requests against a real server: each tool's HTTP spec, and the cross-tool suites in server/test.
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/src/**/*.http.spec.ts', '<rootDir>/server/test/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/server/tsconfig.json') },
      moduleNameMapper: registryMapper,
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'generators',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/generators/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/generators/tsconfig.json') },
      moduleNameMapper: registryMapper,
    },
    // The command-line client on its own, no server (argument parsing, help, completion, the checks before sending): `npm run test:unit` runs these.
    {
      displayName: 'cli-unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/cli/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.http\\.spec\\.ts$'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/cli/tsconfig.json') },
      moduleNameMapper: registryMapper,
    },
    // The command-line client against a real server, in-process and as the built bin (cli/dist/main.js).
    {
      displayName: 'cli',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/cli/**/*.http.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/cli/tsconfig.spec.json') },
      moduleNameMapper: registryMapper,
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.spec.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/tsconfig.tests.json') },
      moduleNameMapper: registryMapper,
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'web',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/web/src/**/*.spec.ts'],
      transform: { '^.+\\.tsx?$': tsJest('<rootDir>/web/tsconfig.spec.json') },
      moduleNameMapper: registryMapper,
    },
  ],
};
