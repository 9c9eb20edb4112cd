import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from './hmac';

/*
 * Secrets the server must read back (an outbound webhook's signing secret), kept encrypted at
 * rest: AES-256-GCM under a key derived from the auth secret with its own label (hmac.ts), so a
 * database dump alone does not give them away and no new setting is needed. The row's id is the
 * additional data: a ciphertext copied onto another row does not open there. Changing the auth
 * secret makes existing ones unreadable (their endpoints must be given new secrets).
 */

const VERSION = 'v1';

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the text was not sealed by this key for this context. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(authSecret: string, label: string): SecretBox {
  const key = derivedKey(authSecret, label);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag, extra] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag || extra !== undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    },
  };
}
