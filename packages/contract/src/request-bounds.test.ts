import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of every string without a maximum length and every array without a maximum size. */
function unbounded(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    node.forEach((child, i) => unbounded(child, `${path}[${String(i)}]`, found));
    return found;
  }
  if (!isSchema(node)) return found;
  const types = [node.type].flat();
  const fixed = 'enum' in node || 'const' in node;
  if (types.includes('string') && !fixed && typeof node.maxLength !== 'number') {
    found.push(`${path}: string`);
  }
  if (types.includes('array') && typeof node.maxItems !== 'number') found.push(`${path}: array`);
  for (const [key, child] of Object.entries(node)) {
    if (key === 'properties' && isSchema(child)) {
      for (const [name, property] of Object.entries(child)) {
        unbounded(property, `${path}.${name}`, found);
      }
    } else if (key !== 'default') {
      unbounded(child, path, found);
    }
  }
  return found;
}

const requestSchemas = Object.entries(contract).flatMap(([name, value]): [string, z.ZodType][] =>
  name.endsWith('RequestSchema') && value instanceof z.ZodType ? [[name, value]] : [],
);

describe('request schemas', () => {
  it('are all found', () => {
    expect(requestSchemas.length).toBeGreaterThanOrEqual(20);
  });

  // Every string and array a client sends is bounded, so no request can make the server store or
  // look up without limit (issue 19: 20,000 pose URLs were accepted); the 1 MB body limit is not
  // enough, since one generation's settings are kept for its lifetime.
  it.each(requestSchemas)('%s bounds every string and array', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(unbounded(json, '$', [])).toEqual([]);
  });
});
