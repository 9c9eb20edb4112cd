/**
 * A light checkerboard behind images that may be transparent (background removal), so the
 * cut-out reads as a cut-out instead of an image on white.
 */
export const CHECKERBOARD_CLASS =
  'bg-white bg-[conic-gradient(#e4e4e7_25%,transparent_0_50%,#e4e4e7_0_75%,transparent_0)] bg-[length:20px_20px]';
