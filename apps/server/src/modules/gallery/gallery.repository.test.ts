import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { generations } from '../../db/schema';
import { driverTypes } from './gallery.repository';

type TypeParser = (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;

/** The type parsers Drizzle hands node-postgres with each statement, caught by a client that only records. */
async function drizzleParsers(): Promise<TypeParser[]> {
  const configs: { types?: { getTypeParser: TypeParser } }[] = [];
  const client = {
    query: (config: { types?: { getTypeParser: TypeParser } }) => {
      configs.push(config);
      return Promise.resolve({ rows: [], fields: [], rowCount: 0, command: 'SELECT' });
    },
  };
  const db = drizzle({ client: client as unknown as pg.Pool });
  await db.execute(sql`select 1`); // raw rows
  await db.select({ id: generations.id }).from(generations); // rows as arrays, mapped by fields
  return configs.map((config) => {
    if (!config.types) throw new Error('Drizzle sent a statement without its own type parsers');
    return config.types.getTypeParser;
  });
}

describe("the gallery's prepared statements read rows as Drizzle does", () => {
  it('parses every type the way Drizzle’s node-postgres session does', async () => {
    const parsers = await drizzleParsers();
    expect(parsers).toHaveLength(2);
    const ours = driverTypes.getTypeParser as TypeParser;
    const nodePostgres = pg.types.getTypeParser as TypeParser;
    const sample = '2026-01-02 03:04:05.678+00';
    // Every built-in type and array type PostgreSQL numbers below 5000.
    for (let oid = 1; oid < 5000; oid++) {
      for (const theirs of parsers) {
        const [mine, drizzles] = [ours(oid, 'text'), theirs(oid, 'text')];
        // Either the same node-postgres parser, or both hand the text back untouched.
        if (mine !== drizzles) {
          expect({ oid, value: mine(sample) }).toEqual({ oid, value: sample });
          expect({ oid, value: drizzles(sample) }).toEqual({ oid, value: sample });
          expect(nodePostgres(oid, 'text')).not.toBe(mine);
        }
      }
    }
  });
});
