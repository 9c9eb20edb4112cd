import { spawn } from 'node:child_process';

/**
 * A file's metadata as ExifTool reads it (Debian's libimage-exiftool-perl): a reader independent of
 * the studio's XMP writer (ADR 058). Keys are ExifTool's group:tag names, e.g.
 * `XMP-iptcExt:DigitalSourceType`.
 */
export function exiftool(file: Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn('exiftool', ['-j', '-G1', '-a', '-']);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`exiftool exited ${String(code)}: ${Buffer.concat(err).toString()}`));
        return;
      }
      const [tags] = JSON.parse(Buffer.concat(out).toString()) as Record<string, unknown>[];
      resolve(tags ?? {});
    });
    child.stdin.end(file);
  });
}
