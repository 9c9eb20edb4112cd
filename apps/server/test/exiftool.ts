import { spawn } from 'node:child_process';

/** Tags keyed by ExifTool's group:tag names, e.g. `XMP-iptcExt:DigitalSourceType` (ADR 058). */
export type ExifToolTags = Record<string, unknown>;

/**
 * ExifTool (Debian's libimage-exiftool-perl) reading a file from standard input, as
 * `exiftool -j -G1 -a`: every tag keyed by its family-1 group ("XMP-iptcExt:DigitalSourceType").
 * JSON keeps one value per key, so a duplicated tag would vanish; `copies` adds family 4, which
 * names a second copy "XMP-iptcExt:Copy1:DigitalSourceType".
 */
export function exiftool(file: Buffer, options: { copies?: boolean } = {}): Promise<ExifToolTags> {
  const args = ['-j', options.copies ? '-G1:4' : '-G1', '-a', '-'];
  return new Promise((resolve, reject) => {
    const child = spawn('exiftool', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      reject(
        new Error(
          `ExifTool could not run (${error.message}); install it: apt-get install libimage-exiftool-perl`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code !== 0) {
        reject(
          new Error(
            `exiftool exited ${String(code)}: ${Buffer.concat(err).toString('utf8').trim()}`,
          ),
        );
        return;
      }
      const [tags] = JSON.parse(Buffer.concat(out).toString('utf8')) as ExifToolTags[];
      resolve(tags ?? {});
    });
    child.stdin.end(file);
  });
}
