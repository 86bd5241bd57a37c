// What the wavelengths would be if the pairs were spaced linearly between the
// same ends as the geometric spacing: λ spaced linearly from λ_0 to λ_last,
// or ω spaced linearly from ω_0 to ω_last (then λ = 2π/ω). The frequency
// chart draws them beside the encoding's own, in float64.

export interface LinearSpacings {
  /** λ spaced linearly from λ_0 to λ_last. */
  linearWavelengths: Float64Array;
  /** 2π/ω with ω spaced linearly from ω_0 to ω_last. */
  linearFrequencyWavelengths: Float64Array;
}

export function linearSpacings(frequencies: Float64Array, wavelengths: Float64Array): LinearSpacings {
  const n = frequencies.length;
  const linearWavelengths = new Float64Array(n);
  const linearFrequencyWavelengths = new Float64Array(n);
  const w0 = frequencies[0];
  const wLast = frequencies[n - 1];
  const l0 = wavelengths[0];
  const lLast = wavelengths[n - 1];
  for (let i = 0; i < n; i++) {
    const t = n > 1 ? i / (n - 1) : 0;
    linearWavelengths[i] = l0 + (lLast - l0) * t;
    linearFrequencyWavelengths[i] = (2 * Math.PI) / (w0 + (wLast - w0) * t);
  }
  return { linearWavelengths, linearFrequencyWavelengths };
}
