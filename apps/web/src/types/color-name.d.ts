// color-name ships no types: a map of the CSS named colours to their sRGB bytes.
declare module 'color-name' {
  const colours: Readonly<Record<string, readonly [number, number, number]>>;
  export default colours;
}
