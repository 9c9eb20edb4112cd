/** A file size as people read it: '845 B', '245 KB', '3.4 MB' (1 KB = 1024 bytes, as file managers show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${String(Math.round(bytes))} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${String(Math.round(kb))} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : String(Math.round(mb))} MB`;
}

/** A picture's size in pixels: '1200 × 800 px'. */
export function formatResolution(width: number, height: number): string {
  return `${String(width)} × ${String(height)} px`;
}
