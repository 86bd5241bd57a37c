// A scale as plain numbers (what a Worker can be sent): a linear or log map
// from a domain to a range of pixels, evaluated exactly as d3-scale evaluates
// its scaleLinear and scaleLog (normalise, then interpolate), so a chart
// painted from a PlainScale puts every point where the d3 scale puts it.

export interface PlainScale {
  kind: 'linear' | 'log';
  domain: readonly [number, number];
  range: readonly [number, number];
}

/** The scale as a function of a data value. */
export function scaleFunction(scale: PlainScale): (value: number) => number {
  const [r0, r1] = scale.range;
  const t = scale.kind === 'log' ? Math.log : (v: number) => +v;
  // d3's bimap: a reversed domain normalises against its low end, with the range reversed to match.
  const reversed = scale.domain[1] < scale.domain[0];
  const [d0, d1] = reversed ? [scale.domain[1], scale.domain[0]] : scale.domain;
  const [from, to] = reversed ? [r1, r0] : [r0, r1];
  const a = t(d0);
  const b = t(d1) - a;
  if (!b) return () => from * 0.5 + to * 0.5;
  return (value) => {
    const u = (t(value) - a) / b;
    return from * (1 - u) + to * u;
  };
}
