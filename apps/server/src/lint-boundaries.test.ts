import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries eslint.config.js keeps (ARCHITECTURE §3): each probe is code that breaks
 * one rule, linted as if it sat at a path in the tree, and must be refused with that rule's
 * message; removing or loosening a rule fails its probe. The boundaries read import paths only,
 * so the probes are linted without type information (seconds instead of a TypeScript program).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });

async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports'))
    .map((m) => m.message);
}

const server = 'apps/server/src/modules/gallery';
const web = 'apps/web/src/features';

const refused: [rule: string, file: string, code: string, message: string][] = [
  [
    "a module imports another module's repository",
    `${server}/probe.ts`,
    "import { findGeneration } from '../generations/generations.repository';\nexport const probe = findGeneration;\n",
    'never its repository',
  ],
  [
    'routes import a repository',
    `${server}/probe.routes.ts`,
    "import { insertPageViews } from './gallery.repository';\nexport const probe = insertPageViews;\n",
    "Routes call their module's service",
  ],
  [
    'routes import the schema',
    `${server}/probe.routes.ts`,
    "import { generations } from '../../db/schema';\nexport const probe = generations;\n",
    "Routes call their module's service",
  ],
  [
    'routes import drizzle-orm',
    `${server}/probe.routes.ts`,
    "import { sql } from 'drizzle-orm';\nexport const probe = sql;\n",
    'Routes do not reach the database',
  ],
  [
    'routes import a db/ value',
    `${server}/probe.routes.ts`,
    "import { createDatabase } from '../../db/client';\nexport const probe = createDatabase;\n",
    'Routes do not reach the database',
  ],
  [
    'a service imports routes',
    `${server}/probe.service.ts`,
    "import { galleryRoutes } from './gallery.routes';\nexport const probe = galleryRoutes;\n",
    'Services do not import routes',
  ],
  [
    'the tool kit imports a tool',
    `${web}/generations/probe.ts`,
    "import * as tryOn from '@/features/tools/try-on';\nexport const probe = tryOn;\n",
    'own layer or lower ones',
  ],
  [
    'a data feature imports the tool kit',
    `${web}/billing/probe.ts`,
    "import * as kit from '@/features/generations';\nexport const probe = kit;\n",
    'own layer or lower ones',
  ],
  [
    "a feature imports another feature's files",
    `${web}/tools/try-on/probe.ts`,
    "import * as guard from '@/features/auth/session';\nexport const probe = guard;\n",
    'through its public entry',
  ],
  [
    'the web app imports the server',
    `${web}/auth/probe.ts`,
    "import * as server from '../../../../server/src/app';\nexport const probe = server;\n",
    'only @studio/contract',
  ],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(refused)('refuses: %s', async (_rule, file, code, message) => {
    const problems = await importProblems(file, code);
    expect(problems).toContainEqual(expect.stringContaining(message));
  });

  it('lets through imports that keep the layers', async () => {
    const routes = [
      "import type { Db } from '../../db/client';",
      "import { mediaIdOf } from '../media/media.service';",
      "import { pastGenerations } from './gallery.service';",
      'export const probe = [mediaIdOf, pastGenerations] as const;',
      'export type ProbeDb = Db;',
      '',
    ].join('\n');
    const tool = [
      "import * as kit from '@/features/generations';",
      "import * as auth from '@/features/auth';",
      "import * as billing from '@/features/billing';",
      'export const probe = [kit, auth, billing] as const;',
      '',
    ].join('\n');
    expect(await importProblems(`${server}/probe.routes.ts`, routes)).toEqual([]);
    expect(await importProblems(`${web}/tools/try-on/probe.ts`, tool)).toEqual([]);
  });
});
