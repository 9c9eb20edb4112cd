import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A random secret generated on first use and kept in a 0600 file, so a local install needs no setup
 * and keeps its sessions across restarts. Production passes secrets through the environment instead.
 */
export async function readOrCreateSecret(file: string, bytes = 32): Promise<string> {
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    // first start: fall through and create it
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}
