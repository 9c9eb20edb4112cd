// One lint setup for the whole workspace: type-aware TypeScript rules, no `any`, and the
// architectural boundaries (web imports only the contract from the workspace, features by their
// public entry and in layer order; only the server's config/env.ts reads the environment; server
// routes -> services -> repositories, one module reaching another only through its service).
// apps/server/src/lint-boundaries.test.ts shows each boundary refusing a probe.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';

// A web feature's insides are its own: others reach it only through its public entry
// (features/<name>/index.ts, or features/tools/<name>/index.ts), as bulletproof-react lays out.
const featuresDir = path.join(import.meta.dirname, 'apps/web/src/features');
const webFeatures = [
  ...fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'tools')
    .map((d) => d.name),
  ...fs.readdirSync(path.join(featuresDir, 'tools')).map((name) => `tools/${name}`),
];
// (Feature folders are kebab-case names, safe inside a regular expression as they are.)

// Web feature layers, lowest first. A feature imports features of its own layer or lower ones, so
// the tool kit never depends on a tool, and account, billing or the shell never on the tool kit:
//   1. app-wide data and chrome: site, analytics, promo, auth, credits, billing, account, shell
//   2. the tool kit every tool screen composes: generations, and listing (marketplace checks and
//      packs: its badge sits on every result, and its fix runs through the kit's generation run),
//      and provenance (the content credentials shown beside every result, and the /verify page)
//   3. screens: tools/<tool>, gallery, canvas-editor
//   4. the home page, which shows pieces of the screens: dashboard
// A new feature folder must be placed in a layer here (the config refuses to load otherwise).
const webLayers = [
  ['site', 'analytics', 'promo', 'auth', 'credits', 'billing', 'account', 'developers', 'shell'],
  ['generations', 'listing', 'provenance'],
  ['tools/*', 'gallery', 'canvas-editor'],
  ['dashboard'],
];
const layerOf = (feature) =>
  webLayers.findIndex((layer) =>
    layer.some((name) => name === feature || (name === 'tools/*' && feature.startsWith('tools/'))),
  );
for (const feature of webFeatures) {
  if (layerOf(feature) < 0) throw new Error(`eslint.config.js: put features/${feature} in a layer`);
}
const layerMessage =
  'A feature imports only features of its own layer or lower ones (layers in eslint.config.js).';

function webImports(ownFeature) {
  const others = ownFeature ? `(?!${ownFeature}/)` : '';
  const higher = ownFeature ? webLayers.slice(layerOf(ownFeature) + 1).flat() : [];
  const higherNames = higher.map((name) => (name === 'tools/*' ? 'tools(/|$)' : `${name}(/|$)`));
  return [
    'error',
    {
      paths: [
        {
          name: '@tanstack/react-query',
          importNames: ['useMutation'],
          message:
            "Use '@/lib/use-mutation': its functions are the latest render's under Preact (ADR 066).",
        },
      ],
      patterns: [
        {
          group: [
            '@studio/*',
            '!@studio/contract',
            '**/apps/server/**',
            '**/server/src/**',
            '../../../*',
          ],
          message: 'The web app imports only @studio/contract from the workspace.',
        },
        {
          regex: `^@/features/${others}(tools/[^/]+|(?!tools/)[^/]+)/.+`,
          message:
            "Import another feature through its public entry ('@/features/<name>'), not its files.",
        },
        ...(higherNames.length > 0
          ? [{ regex: `^@/features/(${higherNames.join('|')})`, message: layerMessage }]
          : []),
      ],
    },
  ];
}

// Server modules (ARCHITECTURE §3): routes -> service -> repository, and a module reaches another
// only through that module's service, so no handler or neighbour can skip a service's rules.
const serverModules = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const foreignRepositoryMessage =
  'Reach another module through its service (or a function its service exports), never its repository.';
const routesRepositoryMessage =
  "Routes call their module's service; only repositories touch the database (db/schema).";
const routesDatabaseMessage =
  'Routes do not reach the database: no drizzle-orm, no db/ values (a type, such as Db, is fine).';
const serviceRoutesMessage = 'Services do not import routes: routes call services.';

function serverImports(ownModule, kind) {
  const patterns = [
    {
      regex: `^(\\.\\./)+(?!${ownModule}/)[^./][^/]*/[^/]+\\.repository(\\.[jt]s)?$`,
      message: foreignRepositoryMessage,
    },
  ];
  if (kind === 'routes') {
    patterns.push(
      {
        group: ['*.repository', '*.repository.*', '**/db/schema', '**/db/schema/**'],
        message: routesRepositoryMessage,
      },
      {
        group: ['drizzle-orm', 'drizzle-orm/**', '**/db', '**/db/**'],
        allowTypeImports: true,
        message: routesDatabaseMessage,
      },
    );
  }
  if (kind === 'service') {
    patterns.push({ group: ['*.routes', '*.routes.*'], message: serviceRoutesMessage });
  }
  return ['error', { patterns }];
}

const envReadMessage =
  'Read configuration through config/env.ts; it is the only place that reads process.env.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'artifacts/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks must be async functions even when they do not await anything.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: envReadMessage,
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts, benches, test runners and tool configs sit outside the app and may read their own env.
    files: [
      'scripts/**',
      'bench/**',
      'examples/**',
      'e2e/**',
      'apps/server/test/**',
      '**/*.config.ts',
      '**/*.config.js',
      'apps/server/src/config/env.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      'no-restricted-imports': webImports(),
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': webImports(feature) },
  })),
  {
    // The one place that wraps TanStack's useMutation.
    files: ['apps/web/src/lib/use-mutation.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...serverModules.flatMap((module) => [
    {
      files: [`apps/server/src/modules/${module}/**/*.ts`],
      rules: { '@typescript-eslint/no-restricted-imports': serverImports(module, 'module') },
    },
    {
      files: [`apps/server/src/modules/${module}/**/*.routes.ts`],
      rules: { '@typescript-eslint/no-restricted-imports': serverImports(module, 'routes') },
    },
    {
      files: [`apps/server/src/modules/${module}/**/*.service.ts`],
      rules: { '@typescript-eslint/no-restricted-imports': serverImports(module, 'service') },
    },
  ]),
  {
    // Tests set up and read state across modules directly: they check what services did.
    files: ['apps/server/src/modules/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@studio/*', '**/apps/**'],
              message: 'The contract depends on nothing in the workspace.',
            },
          ],
        },
      ],
    },
  },
);
