import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './fixtures/test-kit';
import {
  type SigningMaterial,
  developmentSigningMaterial,
  signingMaterialFromPem,
} from './signing-material';

/*
 * The studio's signing material: the development root and signer made once into the data folder
 * and reused, and the production pair from the environment refused when it cannot sign. The
 * certificates are checked with Node's own X.509 parser, not the library that made them.
 */

const C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const pkcs8 = (key: { export(options: { type: 'pkcs8'; format: 'pem' }): string | Buffer }) =>
  String(key.export({ type: 'pkcs8', format: 'pem' }));

let dir: string;
let material: SigningMaterial;
let files: { root: string; cert: string; key: string };

beforeAll(async () => {
  dir = path.join(await tempDir('signing-material-test'), 'c2pa');
  material = await developmentSigningMaterial(dir);
  const read = (name: string) => fs.readFile(path.join(dir, name), 'utf8');
  files = {
    root: await read('dev-root.pem'),
    cert: await read('dev-signer.pem'),
    key: await read('dev-signer.key'),
  };
});
afterAll(removeTempDirs);

describe('the development signing material', () => {
  it('is made once: a second start reads the same root, signer and key back', async () => {
    const again = await developmentSigningMaterial(dir);
    expect(again.trustAnchorPem).toBe(material.trustAnchorPem);
    expect(again.chain.map((cert) => cert.serialNumber)).toEqual(
      material.chain.map((cert) => cert.serialNumber),
    );
    expect(again.key.export({ type: 'pkcs8', format: 'der' })).toEqual(
      material.key.export({ type: 'pkcs8', format: 'der' }),
    );
    expect(await fs.readFile(path.join(dir, 'dev-root.pem'), 'utf8')).toBe(files.root);
  });

  it('keeps its private key readable by its owner only', async () => {
    const { mode } = await fs.stat(path.join(dir, 'dev-signer.key'));
    expect(mode & 0o777).toBe(0o600);
  });

  it('is an ES256 signer issued by a development root, named for the studio', () => {
    const root = new X509Certificate(files.root);
    const signer = new X509Certificate(files.cert);
    expect(material.trustAnchorPem).toBe(files.root);
    expect(material.algorithm).toBe(-7);
    expect(material.signedBy).toBe('AI Product Studio (development)');
    expect(material.chain).toHaveLength(1);
    expect(signer.checkIssued(root)).toBe(true);
    expect(signer.verify(root.publicKey)).toBe(true);
    expect(root.ca).toBe(true);
    expect(signer.ca).toBe(false);
    expect(signer.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('gives the signer the C2PA claim-signing purpose the reference reader asks for', () => {
    const signer = new X509Certificate(files.cert);
    // Node names the extended key usages "keyUsage".
    expect(signer.keyUsage).toEqual(expect.arrayContaining([C2PA_CLAIM_SIGNING, EMAIL_PROTECTION]));
  });

  it('is made again, with a new root, when a start died before writing its key', async () => {
    const partial = path.join(await tempDir('signing-material-partial'), 'c2pa');
    const first = await developmentSigningMaterial(partial);
    await fs.rm(path.join(partial, 'dev-signer.key'));
    const second = await developmentSigningMaterial(partial);
    expect(second.trustAnchorPem).not.toBe(first.trustAnchorPem);
    expect(await fs.readFile(path.join(partial, 'dev-root.pem'), 'utf8')).toBe(
      second.trustAnchorPem,
    );
  });

  it('ends with one root when two processes make it at once on one data directory', async () => {
    const shared = path.join(await tempDir('signing-material-race'), 'c2pa');
    const [a, b] = await Promise.all([
      developmentSigningMaterial(shared),
      developmentSigningMaterial(shared),
    ]);
    expect(a.trustAnchorPem).toBe(b.trustAnchorPem);
    expect((await developmentSigningMaterial(shared)).trustAnchorPem).toBe(a.trustAnchorPem);
  });

  it('refuses to start on a set whose key is not its signer’s, rather than make a new root', async () => {
    const kept = path.join(await tempDir('signing-material-mixed'), 'c2pa');
    await developmentSigningMaterial(kept);
    const other = path.join(await tempDir('signing-material-other'), 'c2pa');
    await developmentSigningMaterial(other);
    await fs.copyFile(path.join(other, 'dev-signer.key'), path.join(kept, 'dev-signer.key'));
    await expect(developmentSigningMaterial(kept)).rejects.toThrow(/does not fit together/);
  });
});

describe('signing material from the environment (C2PA_SIGN_CERT, C2PA_SIGN_KEY)', () => {
  it('accepts a certificate with its own EC key', () => {
    const from = signingMaterialFromPem(files.cert, files.key);
    expect(from.algorithm).toBe(-7);
    expect(from.signedBy).toBe('AI Product Studio (development)');
    expect(from.chain[0]?.serialNumber).toBe(material.chain[0]?.serialNumber);
  });

  it('refuses a key that does not belong to the certificate', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(() => signingMaterialFromPem(files.cert, pkcs8(privateKey))).toThrow(
      'C2PA_SIGN_KEY does not belong to the first certificate of C2PA_SIGN_CERT.',
    );
  });

  it.each([
    ['an RSA key', () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey],
    ['an Ed25519 key', () => generateKeyPairSync('ed25519').privateKey],
    ['an EC key on P-521', () => generateKeyPairSync('ec', { namedCurve: 'secp521r1' }).privateKey],
  ])('refuses %s: only EC P-256 and P-384 keys sign', (_kind, makeKey) => {
    expect(() => signingMaterialFromPem(files.cert, pkcs8(makeKey()))).toThrow(
      'C2PA_SIGN_KEY must be an EC P-256 or P-384 private key.',
    );
  });

  it('refuses a certificate variable that holds no certificate', () => {
    expect(() => signingMaterialFromPem('', files.key)).toThrow(
      'C2PA_SIGN_CERT holds no certificate.',
    );
  });
});
