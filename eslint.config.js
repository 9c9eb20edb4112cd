// One lint setup for the whole workspace: type-aware TypeScript rules, no `any`, and the
// architectural boundaries (web imports only the contract from the workspace; only the
// server's config/env.ts reads the environment; server routes reach the database only through
// their module's service).
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

function webImports(ownFeature) {
  const others = ownFeature ? `(?!${ownFeature}/)` : '';
  return [
    'error',
    {
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
      ],
    },
  ];
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
    // Routes stay thin (ARCHITECTURE §3): they call their module's service, which alone reaches the
    // repository, so the rules in the service cannot be bypassed by a handler querying tables itself.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*.repository', '*.repository.*', '**/db/schema', '**/db/schema/**'],
              message:
                "Routes call their module's service; only repositories touch the database (db/schema).",
            },
          ],
        },
      ],
    },
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
