/*
 * Our own flat garment illustrations for the login showcase: inline SVG, no network requests,
 * no stock imagery. Purely decorative (aria-hidden); the tile captions carry the meaning.
 */

const stroke = {
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
} as const;

function Hanger() {
  return (
    <path
      d="M60 14a6 6 0 1 1 6 6c-3 0-6 2-6 5v3M60 28 28 44h64Z"
      fill="none"
      {...stroke}
      strokeWidth={2.5}
    />
  );
}

export function DressArt() {
  return (
    <svg viewBox="0 0 120 160" aria-hidden="true" className="h-full w-full">
      <Hanger />
      <path d="M46 44c2 8 8 12 14 12s12-4 14-12l4 28H42Z" fill="oklch(0.72 0.15 12)" {...stroke} />
      <path d="M42 72h36l24 66q-42 12-84 0Z" fill="oklch(0.8 0.11 12)" {...stroke} />
      <path
        d="M52 72 44 136M68 72l8 64M60 72v68"
        fill="none"
        {...stroke}
        strokeWidth={1.2}
        opacity={0.45}
      />
      <path d="M42 72h36" fill="none" {...stroke} strokeWidth={4} />
    </svg>
  );
}

export function JacketArt() {
  return (
    <svg viewBox="0 0 120 160" aria-hidden="true" className="h-full w-full">
      <Hanger />
      <path
        d="M40 44 24 52l-8 72 14 2 6-48v62h48V78l6 48 14-2-8-72-16-8-20 20Z"
        fill="oklch(0.62 0.08 60)"
        {...stroke}
      />
      <path d="m40 44 8 34 12-14 12 14 8-34" fill="oklch(0.52 0.08 60)" {...stroke} />
      <path d="M60 64v72" fill="none" {...stroke} />
      <circle cx="64" cy="92" r="2.2" fill="currentColor" />
      <circle cx="64" cy="108" r="2.2" fill="currentColor" />
      <path d="M44 112h10M66 112h10" fill="none" {...stroke} strokeWidth={1.5} />
    </svg>
  );
}

export function TeeArt() {
  return (
    <svg viewBox="0 0 120 160" aria-hidden="true" className="h-full w-full">
      <Hanger />
      <path
        d="M46 44q14 10 28 0l24 12-8 22-12-6v62H42V72l-12 6-8-22Z"
        fill="oklch(0.78 0.09 235)"
        {...stroke}
      />
      <path d="M46 44q14 10 28 0" fill="none" {...stroke} strokeWidth={3.5} />
      <path d="M52 96h16l-8 14Z" fill="oklch(0.98 0 0)" {...stroke} strokeWidth={1.5} />
    </svg>
  );
}
