/** The largest file the verifier reads: the reader hashes all of it, in this tab. */
export const MAX_VERIFY_BYTES = 200 * 1024 * 1024;

/** The formats the studio marks and the verifier reads. */
export const VERIFY_FORMATS = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'] as const;
export type VerifyFormat = (typeof VERIFY_FORMATS)[number];

/** For the file picker; the format itself is read from the file's first bytes. */
export const VERIFY_ACCEPT = [...VERIFY_FORMATS, '.jpg', '.jpeg', '.png', '.webp', '.mp4'].join(
  ',',
);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** ISO media brands of HEIF, AVIF and QuickTime: the same box layout as MP4, not read here. */
const OTHER_BRANDS = new Set(['heic', 'heix', 'hevc', 'mif1', 'msf1', 'avif', 'avis', 'qt  ']);

/**
 * What a file is, from its first bytes: a name or a browser's guess from the extension can be
 * wrong, and the reader needs the real format. Null for anything else.
 */
export function sniffFormat(head: Uint8Array): VerifyFormat | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 8) === 'ftyp' && !OTHER_BRANDS.has(ascii(head, 8, 12))) return 'video/mp4';
  return null;
}

/** Reads the first bytes of `file` and names its format. */
export async function formatOf(file: Blob): Promise<VerifyFormat | null> {
  return sniffFormat(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
}
