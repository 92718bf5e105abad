// fontkit 2 ships no types; this is the part the PDF text helper uses (pdf-lib types the rest).
declare module 'fontkit' {
  export type Subset = { encode(): Uint8Array; encodeStream?: () => unknown };
  export type Font = { createSubset(): Subset };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
