import 'reflect-metadata'; // @peculiar/x509 resolves its parsers through tsyringe, which needs it
import {
  type KeyObject,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  webcrypto,
} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

/** What the studio signs its C2PA manifests with (ADR 058). */
export interface SigningMaterial {
  /** The signing certificate first, then the chain up to (not including) a trusted root. */
  chain: x509.X509Certificate[];
  key: KeyObject;
  /** COSE algorithm: ES256 (-7) for P-256 keys, ES384 (-35) for P-384. */
  algorithm: -7 | -35;
  /** The root a reader must trust to call the studio's files "Trusted", as PEM (public). */
  trustAnchorPem: string;
  /** Who signs, as a reader shows it: the certificate's organisation, else its common name. */
  signedBy: string;
}

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
// What the C2PA certificate profile asks of a claim signer: digitalSignature, and its claim-signing
// EKU with emailProtection beside it (the reference reader refuses a certificate with no EKU).
const C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';

// Node's WebCrypto is the standard one; only the DOM type name is missing from the server's libs.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/**
 * The production signer from the environment: `cert` a PEM chain (signing certificate first), `key`
 * its PKCS#8 PEM private key. Refused at start when they do not belong together.
 */
export function signingMaterialFromPem(certPem: string, keyPem: string): SigningMaterial {
  const chain = x509.PemConverter.decode(certPem).map((der) => new x509.X509Certificate(der));
  const [leaf] = chain;
  if (!leaf) throw new Error('C2PA_SIGN_CERT holds no certificate.');
  const key = createPrivateKey(keyPem);
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType !== 'ec' || (curve !== 'prime256v1' && curve !== 'secp384r1')) {
    throw new Error('C2PA_SIGN_KEY must be an EC P-256 or P-384 private key.');
  }
  const probe = Buffer.from('c2pa-signing-probe');
  const hash = curve === 'prime256v1' ? 'sha256' : 'sha384';
  const publicKey = createPublicKey(leaf.toString('pem'));
  if (!verify(hash, probe, publicKey, sign(hash, probe, key))) {
    throw new Error('C2PA_SIGN_KEY does not belong to the first certificate of C2PA_SIGN_CERT.');
  }
  const last = chain[chain.length - 1] ?? leaf;
  return {
    chain,
    key,
    algorithm: curve === 'prime256v1' ? -7 : -35,
    trustAnchorPem: last.toString('pem'),
    signedBy: nameOf(leaf),
  };
}

function nameOf(certificate: x509.X509Certificate): string {
  const name = certificate.subjectName;
  return name.getField('O')[0] ?? name.getField('CN')[0] ?? certificate.subject;
}

const SET = { root: 'dev-root.pem', cert: 'dev-signer.pem', key: 'dev-signer.key' } as const;

/** The set kept in `dir`: absent, incomplete (a start died before writing its key), or read. */
async function readSet(dir: string): Promise<'absent' | 'incomplete' | SigningMaterial> {
  const read = (name: string) =>
    fs.readFile(path.join(dir, name), 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
  const [root, cert, key] = await Promise.all([read(SET.root), read(SET.cert), read(SET.key)]);
  if (root === null && cert === null && key === null) return 'absent';
  if (root === null || cert === null || key === null) return 'incomplete';
  try {
    return { ...signingMaterialFromPem(cert, key), trustAnchorPem: root };
  } catch (error) {
    throw new Error(
      `${dir} holds a development signing set that does not fit together; move it away to make a new one (outputs signed under it will not verify against the new root).`,
      { cause: error },
    );
  }
}

/**
 * Outside production: a development root and a signer it issued, made once into `dir` (as the
 * auth secret is) and kept, so outputs made on this machine stay verifiable against one root.
 * A root of its own rather than one self-signed certificate: C2PA readers refuse a self-signed
 * signing certificate. The set is written into a directory of its own and renamed into place,
 * so two processes starting together on one DATA_DIR (an API and a worker) end with one root.
 */
export async function developmentSigningMaterial(dir: string): Promise<SigningMaterial> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = await readSet(dir);
    if (typeof kept === 'object') return kept;
    // A set without its key signed nothing: it is moved aside, by one process only.
    if (kept === 'incomplete') {
      await fs.rename(dir, `${dir}.incomplete-${String(Date.now())}`).catch(() => undefined);
    }
    const made = await makeDevelopmentChain();
    const fresh = await fs.mkdtemp(`${dir}.new-`);
    await fs.writeFile(path.join(fresh, SET.root), made.root);
    await fs.writeFile(path.join(fresh, SET.cert), made.cert);
    await fs.writeFile(path.join(fresh, SET.key), made.key, { mode: 0o600 });
    try {
      await fs.rename(fresh, dir);
      return { ...signingMaterialFromPem(made.cert, made.key), trustAnchorPem: made.root };
    } catch {
      // Another start put its set there first: read that one.
      await fs.rm(fresh, { recursive: true, force: true });
    }
  }
  throw new Error(`Could not make or read the development signing set in ${dir}.`);
}

async function makeDevelopmentChain(): Promise<{ root: string; cert: string; key: string }> {
  const now = Date.now();
  const day = 86_400_000;
  const rootKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: 'CN=AI Product Studio development root, O=AI Product Studio (development)',
    notBefore: new Date(now - day),
    notAfter: new Date(now + 20 * 365 * day),
    keys: rootKeys,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: 'CN=AI Product Studio development signer, O=AI Product Studio (development)',
    issuer: root.subject,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 10 * 365 * day),
    signingKey: rootKeys.privateKey,
    publicKey: keys.publicKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([C2PA_CLAIM_SIGNING, EMAIL_PROTECTION], false),
      await x509.AuthorityKeyIdentifierExtension.create(root, false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return {
    root: root.toString('pem'),
    cert: cert.toString('pem'),
    key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'),
  };
}

/** A positive 16-byte serial (RFC 5280 asks for unique, at most 20 bytes, non-negative). */
function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}
