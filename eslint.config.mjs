import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The import direction the layout keeps (README.md, "Layout"). On the web: lib, config and components
// know nothing of features or the app; a feature knows no other feature (what two features share
// moves down to components or lib, or up to app, which composes them); nothing imports the app.
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...['lib', 'config', 'components'].map((base) => ({
    target: `./web/src/${base}`,
    from: ['./web/src/features', './web/src/app'],
    message: `web/src/${base} is below the features and the app: move the shared piece down here instead.`,
  })),
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'A feature does not import the app; the app composes features.',
  },
  ...features.map((f) => ({
    target: `./web/src/features/${f}`,
    from: './web/src/features',
    except: [`./${f}`],
    message: 'No sideways imports between features: move what both need to web/src/components or web/src/lib, or compose them in web/src/app.',
  })),
];

// On the server (docs/decisions.md, "Server layers"): contracts are shared with the browser and import
// nothing of the server; domain (the order's life, pure) imports only the contracts; lib is the floor;
// data (repositories, the only code that touches Firestore besides the allocator) knows no service, no
// allocator and no HTTP; the allocator (the stock queue's concurrency) is called by services and the
// scheduled job; mail and stats are reached from services and triggers and reach Firestore through data.
const fn = (p) => `./functions/src/${p}`;
const above = (...layers) => layers.map(fn);
const serverZones = [
  { target: fn('contracts'), from: above('api', 'http', 'data', 'domain', 'allocator', 'lib', 'mail', 'stats', 'ssr', 'openapi', 'app.ts', 'index.ts'), message: 'contracts/ is shared with the browser: it imports nothing of the server.' },
  { target: fn('domain'), from: above('api', 'http', 'data', 'allocator', 'lib', 'mail', 'stats', 'ssr', 'openapi', 'app.ts', 'index.ts'), message: 'domain/ is pure: it imports the contracts only (no Firestore, no clock, no settings).' },
  { target: fn('lib'), from: above('api', 'http', 'data', 'allocator', 'mail', 'stats', 'ssr', 'openapi', 'app.ts', 'index.ts'), message: 'lib/ is the floor every layer stands on.' },
  { target: fn('data'), from: above('api', 'http', 'allocator', 'ssr', 'openapi', 'app.ts', 'index.ts'), message: 'data/ (repositories) knows no service, no allocator and no HTTP.' },
  { target: fn('allocator'), from: above('api', 'http', 'ssr', 'openapi', 'app.ts', 'index.ts'), message: 'allocator/ is called by the services, it does not call them.' },
  { target: [fn('mail'), fn('stats')], from: above('api', 'http', 'allocator', 'ssr', 'openapi', 'app.ts', 'index.ts'), message: 'mail/ and stats/ are called by services and triggers, not the other way round.' },
  { target: [fn('config.ts'), fn('params.ts')], from: above('api', 'http', 'data', 'domain', 'allocator', 'lib', 'mail', 'stats', 'ssr', 'openapi', 'contracts', 'app.ts', 'index.ts'), message: 'config.ts and params.ts are below the floor: every layer reads them, they import nothing of the server.' },
  { target: fn('api'), from: [fn('app.ts'), fn('index.ts'), fn('ssr')], message: 'The API does not import the app, the triggers or the page renderer.' },
  { target: fn('ssr'), from: [fn('data')], message: 'The first HTML reads through the services the API uses (api/), never data/ directly: one read, one rule, the same fallbacks.' },
];

// The order's statuses are named only where they are defined and decided (issue 34): contracts/ declares
// them, domain/order.ts answers every question about them (isPaid, awaitsPayment, ...) and names them
// (STATUS.shipped). Anywhere else a status written as a string is a question answered a second time. An
// order mail's `kind` ('shipped', 'refunded') is a mail, not a status.
const envSyntax = { selector: "MemberExpression[object.type='MetaProperty'][property.name='env']", message: 'Read the build\'s environment through web/src/config/env.ts, its one door.' };
const statusSyntax = {
  selector: "Literal[value=/^(awaitingFormation|awaitingPayment|preparing|shipped|cancelledUnpaid|refunded)$/]:not(Property[key.name='kind'] > Literal, SwitchStatement[discriminant.property.name='kind'] > SwitchCase > Literal)",
  message: 'Ask functions/src/domain/order.ts about an order\'s status (isPaid, awaitsPayment, canMove, ...) or name it as STATUS.x; do not write the status as a string.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'functions/lib/**', 'functions/ssr/**', 'web/dist*/**', 'emulator-data/**', 'test-output/**', '.cache/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['functions/tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
    },
  },
  {
    // A test may put layers together (a template's test renders a service's mail).
    files: ['**/__tests__/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // A service takes plain values and reports expected failures as values (lib/failure.ts); only the
    // routers and http/ know Express and HTTP statuses.
    files: ['functions/src/api/**/*.ts'],
    ignores: ['functions/src/api/**/router.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/http/*', '**/http/**'], message: 'Only routers import http/: a service throws a Failure (lib/failure.ts) or returns a result.' },
          { group: ['express'], message: 'Only routers know Express: a service takes plain values.' },
        ],
      }],
    },
  },
  {
    // Configuration is read at one door per side (docs/decisions.md, "Configuration"): the functions'
    // environment only in functions/src/config.ts, the build's only in web/src/config/env.ts.
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/config.ts', 'web/src/config/env.ts', '**/__tests__/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through functions/src/config.ts (the server) or web/src/config/env.ts (the web), its one door.' }],
      'no-restricted-syntax': ['error', envSyntax],
    },
  },
  {
    // Raw order statuses (statusSyntax); the same rule's options, so the environment's door stays kept.
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/domain/**', 'functions/src/contracts/**', 'functions/src/config.ts', 'web/src/config/env.ts', '**/__tests__/**'],
    rules: { 'no-restricted-syntax': ['error', envSyntax, statusSyntax] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A component or hook over 80 lines does several things: split it into named parts (issue 25).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['scripts/**/*.mjs', '*.js', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
