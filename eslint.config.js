// Lint rules, including the import boundaries of STYLE.md: web layers flow one way
// (components | lib | hooks | config -> features -> routes), a feature never imports another,
// apps never import each other, and the shared package imports nothing of ours.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const apiModulesDir = new URL('./apps/api/src/modules/', import.meta.url);
const apiModules = fs.existsSync(apiModulesDir)
  ? fs
      .readdirSync(apiModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const noWebInApi = {
  group: ['**/apps/web/**', '@sp/web', '**/web/src/**'],
  message: 'The API never imports the web app.',
};
const apiTests = ['apps/api/**/*.test.ts', 'apps/api/**/test-support.ts', 'apps/api/test/**/*.ts'];
/** Another API module's files except its public face (and, for tests, its test support). */
const privateOf = (module, forTests) => [
  `**/modules/${module}/*`,
  `../${module}/*`,
  `!**/modules/${module}/index.ts`,
  `!../${module}/index.ts`,
  ...(forTests ? [`!**/modules/${module}/test-support.ts`, `!../${module}/test-support.ts`] : []),
];
const moduleBoundary = (forTests) => (module) => ({
  files: [`apps/api/src/modules/${module}/**/*.ts`],
  ...(forTests ? {} : { ignores: apiTests }),
  ...restrictRule([
    noWebInApi,
    ...apiModules
      .filter((other) => other !== module)
      .map((other) => ({
        group: privateOf(other, forTests),
        message: `Another module is used only through its index.ts (modules/${other}/index.ts).`,
      })),
  ]),
});

const restrictRule = (patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns }] } });

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/routeTree.gen.ts',
      '.reports/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  restrict(
    ['packages/shared/**/*.ts'],
    [{ group: ['**/apps/**', '@sp/api', '@sp/web'], message: 'The shared package imports nothing of ours.' }],
  ),
  restrict(
    ['apps/api/**/*.ts'],
    [
      noWebInApi,
      {
        group: ['**/modules/*/*', '!**/modules/*/index.ts', '!**/modules/*/test-support.ts'],
        message: 'A module is used only through its index.ts.',
      },
    ],
  ),
  // The worker pool's entry (decision 093) loads each module's worker-tasks.ts, the pure functions it
  // runs on a thread, without the module's routes and services.
  restrict(
    ['apps/api/src/document-worker.ts'],
    [
      noWebInApi,
      {
        group: [
          '**/modules/*/*',
          '!**/modules/*/index.ts',
          '!**/modules/*/test-support.ts',
          '!**/modules/*/worker-tasks.ts',
        ],
        message: 'The worker entry uses a module only through its index.ts or worker-tasks.ts.',
      },
    ],
  ),
  // Lower layers (db, lib, plugins, ports, identity) never reach up into the modules; nor do the
  // business invariants, which read the tables of many (decision 065).
  {
    files: ['apps/api/src/{db,lib,plugins,ports,identity,invariants}/**/*.ts'],
    ignores: apiTests,
    ...restrictRule([noWebInApi, { group: ['**/modules/**'], message: 'Lower layers never import modules.' }]),
  },
  ...apiModules.map(moduleBoundary(false)),
  ...apiModules.map(moduleBoundary(true)).map((config) => ({
    ...config,
    files: config.files.map((f) => f.replace('**/*.ts', '**/{*.test.ts,test-support.ts}')),
  })),
  // Each module adds its public API to the kit's ModuleApis by declaration merging, which needs an interface.
  {
    files: ['apps/api/src/modules/*/index.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  restrict(
    ['apps/web/src/{components,lib,hooks,config,locales}/**/*.{ts,tsx}'],
    [
      { group: ['**/features/**', '**/routes/**'], message: 'Shared web folders never import features or routes.' },
      { group: ['**/apps/api/**', '@sp/api'], message: 'The web app never imports the API.' },
    ],
  ),
  ...features.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          group: features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`]),
          message: 'A feature never imports another feature; move what they share down.',
        },
        { group: ['**/routes/**'], message: 'Features never import routes.' },
        { group: ['**/apps/api/**', '@sp/api'], message: 'The web app never imports the API.' },
      ],
    ),
  ),
);
