// A colour lookup table: `size` packed RGBA pixels sampled from a d3 colour
// interpolator, so that colouring a million cells is one array read each
// instead of a million colour-string parses.

export type Interpolator = (t: number) => string;

/** Parses the two forms d3 interpolators return: '#rrggbb' and 'rgb(r, g, b)'. */
export function parseColour(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)];
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(colour);
  if (rgb) return [Math.round(+rgb[1]), Math.round(+rgb[2]), Math.round(+rgb[3])];
  throw new RangeError(`phasor: cannot read the colour ${JSON.stringify(colour)}`);
}

export interface ColourLut {
  /** Packed pixels in ImageData byte order (R, G, B, A in memory; little-endian words). */
  pixels: Uint32Array;
  size: number;
}

export function colourLut(interpolator: Interpolator, size = 256): ColourLut {
  const pixels = new Uint32Array(size);
  for (let n = 0; n < size; n++) {
    const [r, g, b] = parseColour(interpolator(size === 1 ? 0.5 : n / (size - 1)));
    pixels[n] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return { pixels, size };
}
