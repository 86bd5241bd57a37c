// The first values of a random stream, drawn once and kept: a drag of d_model
// asks for the same stream's values again at new sizes (the token embeddings,
// the attention weights), and a longer prefix only needs the values past the
// kept ones. Grown by doubling, up to a cap; past it the caller draws alone.

export class KeptPrefix {
  private values = new Float64Array(0);
  private length = 0;

  constructor(
    /** The most values kept. */
    readonly cap: number,
    /** Values first … first + count − 1 of the stream. */
    private readonly draw: (first: number, count: number) => Float64Array,
  ) {}

  /** Values first … end − 1 (a view of the kept ones: read it, do not keep it), or null when end is past the cap. */
  slice(first: number, end: number): Float64Array | null {
    if (!(end <= this.cap)) return null;
    if (this.length < end) {
      if (this.values.length < end) {
        const grown = new Float64Array(Math.min(this.cap, Math.max(end, 2 * this.values.length)));
        grown.set(this.values.subarray(0, this.length));
        this.values = grown;
      }
      this.values.set(this.draw(this.length, end - this.length), this.length);
      this.length = end;
    }
    return this.values.subarray(first, end);
  }
}
