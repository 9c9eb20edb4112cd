/*
 * The catalog's own illustrations, drawn as SVG (no stock photos exist here): fashion figures in
 * outfits for model templates, and pose silhouettes for the pose picker. Rendered to images once
 * when the catalog is seeded.
 */

export interface FigureStyle {
  skin: string;
  hair: string;
  top: string;
  bottom: string;
  backdrop: [string, string];
  /** Dress instead of top and trousers. */
  dress?: boolean;
}

export type PoseKind = 'standing' | 'sitting' | 'leaning';

const W = 600;
const H = 900;

function backdrop([from, to]: [string, string], label: string): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
      <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    <rect width="${String(W)}" height="${String(H)}" fill="url(#bg)"/>
    <ellipse cx="300" cy="835" rx="170" ry="26" fill="url(#floor)"/>
    <text x="24" y="50" font-family="sans-serif" font-size="26" fill="#ffffff" fill-opacity="0.85">${label}</text>`;
}

/** A standing fashion figure (front view) wearing the style's outfit. */
export function templateSvg(style: FigureStyle, label: string): string {
  const outfit = style.dress
    ? `<path d="M230 300 Q300 280 370 300 L420 690 Q300 720 180 690 Z" fill="${style.top}"/>`
    : `<path d="M232 300 Q300 282 368 300 L380 500 L220 500 Z" fill="${style.top}"/>
       <path d="M222 495 L378 495 L372 800 L318 800 L300 560 L282 800 L228 800 Z" fill="${style.bottom}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(W)}" height="${String(H)}" viewBox="0 0 ${String(W)} ${String(H)}">
    ${backdrop(style.backdrop, label)}
    <g stroke="none">
      <path d="M300 120 m-62 40 q0 -80 62 -80 q62 0 62 80 l8 120 l-140 0 Z" fill="${style.hair}"/>
      <ellipse cx="300" cy="175" rx="50" ry="62" fill="${style.skin}"/>
      <rect x="282" y="230" width="36" height="50" rx="10" fill="${style.skin}"/>
      <path d="M236 305 L196 520 L220 526 L262 330 Z" fill="${style.skin}"/>
      <path d="M364 305 L404 520 L380 526 L338 330 Z" fill="${style.skin}"/>
      ${style.dress ? `<rect x="246" y="690" width="30" height="120" fill="${style.skin}"/><rect x="324" y="690" width="30" height="120" fill="${style.skin}"/>` : ''}
      ${outfit}
      <ellipse cx="252" cy="812" rx="30" ry="10" fill="#2b2b2b"/>
      <ellipse cx="348" cy="812" rx="30" ry="10" fill="#2b2b2b"/>
    </g></svg>`;
}

const LIMBS: Record<PoseKind, string> = {
  standing: `<line x1="300" y1="250" x2="300" y2="520"/><line x1="300" y1="290" x2="220" y2="450"/>
    <line x1="300" y1="290" x2="380" y2="450"/><line x1="300" y1="520" x2="250" y2="800"/>
    <line x1="300" y1="520" x2="350" y2="800"/>`,
  sitting: `<rect x="180" y="560" width="260" height="30" rx="8" fill="#8a6f5a" stroke="none"/>
    <line x1="300" y1="290" x2="300" y2="540"/><line x1="300" y1="330" x2="230" y2="480"/>
    <line x1="300" y1="330" x2="380" y2="470"/><line x1="300" y1="540" x2="420" y2="560"/>
    <line x1="420" y1="560" x2="420" y2="800"/><line x1="300" y1="540" x2="400" y2="600"/>
    <line x1="400" y1="600" x2="380" y2="800"/>`,
  leaning: `<rect x="420" y="120" width="40" height="700" fill="#b9a38f" stroke="none"/>
    <line x1="320" y1="250" x2="280" y2="520"/><line x1="320" y1="290" x2="415" y2="330"/>
    <line x1="320" y1="290" x2="240" y2="440"/><line x1="280" y1="520" x2="230" y2="800"/>
    <line x1="280" y1="520" x2="330" y2="800"/>`,
};

const HEAD: Record<PoseKind, [number, number]> = {
  standing: [300, 190],
  sitting: [300, 230],
  leaning: [325, 190],
};

/** A pose reference: a clean silhouette of the pose on a pale backdrop. */
export function poseSvg(kind: PoseKind, colour: string, label: string): string {
  const [cx, cy] = HEAD[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(W)}" height="${String(H)}" viewBox="0 0 ${String(W)} ${String(H)}">
    ${backdrop(['#eef1f5', '#d9dee6'], label)}
    <g stroke="${colour}" stroke-width="34" stroke-linecap="round" fill="none">${LIMBS[kind]}</g>
    <circle cx="${String(cx)}" cy="${String(cy)}" r="52" fill="${colour}"/></svg>`;
}
