// A photo-like JPEG for benches: an SVG scene with gradients, shapes and a garment silhouette,
// overlaid with Gaussian grain, so it compresses and decodes like a real product photo.
import sharp from 'sharp';

export async function photoLike(width: number, height: number): Promise<Buffer> {
  const w = String(width);
  const h = String(height);
  const shapes = Array.from({ length: 24 }, (_, i) => {
    const x = ((i * 37) % 100) / 100;
    const y = ((i * 53) % 100) / 100;
    const r = 0.04 + ((i * 17) % 10) / 80;
    const hue = String((i * 47) % 360);
    return `<ellipse cx="${String(x * width)}" cy="${String(y * height)}" rx="${String(r * width)}" ry="${String(r * height * 1.3)}" fill="hsl(${hue},55%,${String(35 + (i % 5) * 8)}%)" fill-opacity="0.65"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
        <stop offset="0" stop-color="#dfe9f3"/><stop offset="0.55" stop-color="#c9b79c"/><stop offset="1" stop-color="#5b4636"/>
      </linearGradient>
      <radialGradient id="light" cx="0.7" cy="0.25" r="0.6">
        <stop offset="0" stop-color="#fff8e0" stop-opacity="0.8"/><stop offset="1" stop-color="#fff8e0" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    ${shapes}
    <path d="M${String(width * 0.35)} ${String(height * 0.2)} L${String(width * 0.65)} ${String(height * 0.2)} L${String(width * 0.74)} ${String(height * 0.9)} L${String(width * 0.26)} ${String(height * 0.9)} Z" fill="#b03a48"/>
    <rect width="100%" height="100%" fill="url(#light)"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
