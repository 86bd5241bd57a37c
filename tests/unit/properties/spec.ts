// One public function under property test: random valid options, the call,
// and the check of its result against the float64 references. The valid and
// the hostile properties both read these (core-specs.ts, experiment-specs.ts).
import type fc from 'fast-check';
import type { Phasor } from '../../../web/src/core/index.js';

export interface Spec<O extends object = Record<string, unknown>> {
  /** The API method. */
  fn: keyof Phasor & string;
  /** How test titles name the spec when one method has several (default fn). */
  name?: string;
  /** Random valid options (small sizes, every option and its default). */
  valid: fc.Arbitrary<O>;
  /** The options it takes. */
  keys: readonly string[];
  /**
   * Options a refusal of `key` may name instead of it (checked together:
   * heads with head, dModel with dHead, ...).
   */
  related?: Record<string, readonly string[]>;
  /** Runs of the valid-options property (default 100): more where rare branches hide (the scalings' defaults). */
  runs?: number;
  /** Throws (through expect) unless `result` is right for `options`, whatever they were. */
  check(options: O, result: unknown): void;
}

/** Every index up to 300 values, else a spread of 300 (first, last and between). */
export function sample(count: number): number[] {
  if (count <= 300) return Array.from({ length: count }, (_, i) => i);
  return [
    ...Array.from({ length: 100 }, (_, i) => i),
    ...Array.from({ length: 100 }, (_, i) => Math.floor(((i + 0.5) * count) / 100)),
    ...Array.from({ length: 100 }, (_, i) => count - 1 - i),
  ];
}

/** The option as given, or its default when undefined. */
export const given = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
