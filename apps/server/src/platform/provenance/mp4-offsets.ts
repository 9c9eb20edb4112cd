/**
 * MP4 sample tables point at media data by absolute file offset ('stco', or 'co64' for large
 * files, under moov/trak/mdia/minf/stbl). A box inserted ahead of the media data moves it, so every
 * offset must move by the same amount or the video no longer plays. The C2PA writer inserts its
 * manifest box right after 'ftyp' but only knows to move HEIF's offsets; this moves an MP4's
 * (ADR 058). Changes `file` in place.
 */
export function shiftChunkOffsets(file: Buffer, by: number): void {
  const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts']);
  const walk = (start: number, end: number) => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = file.readUInt32BE(offset);
      const type = file.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        size = Number(file.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) size = end - offset;
      if (size < header || offset + size > end)
        throw new Error('The MP4 file has a malformed box.');
      if (containers.has(type)) walk(offset + header, offset + size);
      else if (type === 'stco' || type === 'co64') {
        // Full box: version and flags (4 bytes), entry count, then the entries.
        const count = file.readUInt32BE(offset + header + 4);
        const first = offset + header + 8;
        const width = type === 'stco' ? 4 : 8;
        if (first + count * width > offset + size)
          throw new Error('The MP4 chunk table is cut short.');
        for (let i = 0; i < count; i++) {
          const at = first + i * width;
          if (type === 'stco') {
            const moved = file.readUInt32BE(at) + by;
            if (moved > 0xffffffff) throw new Error('The MP4 chunk offsets overflow 32 bits.');
            file.writeUInt32BE(moved, at);
          } else file.writeBigUInt64BE(file.readBigUInt64BE(at) + BigInt(by), at);
        }
      }
      offset += size;
    }
  };
  walk(0, file.length);
}
