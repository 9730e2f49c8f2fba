/** One jest run for the whole repo; each workspace is a project. */
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, diagnostics: false }];
const registryMapper = { '^@folio/registry$': '<rootDir>/registry/index.ts' };

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'registry',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/registry/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/registry/tsconfig.json') },
      moduleNameMapper: registryMapper,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/**/*.spec.ts'],
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
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.spec.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/tsconfig.tests.json') },
      moduleNameMapper: registryMapper,
      setupFiles: ['reflect-metadata'],
    },
  ],
};
