// Numbers, lists and JSON as the CLI prints them.

/** An integer as written (1000000), other numbers to 6 significant digits (0.000107215, 1.24e-4 stays short). */
export function formatNumber(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return String(x);
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  const text = a !== 0 && (a < 1e-3 || a >= 1e15) ? x.toExponential(5) : x.toPrecision(6);
  return text.replace(/\.?0+(e|$)/, '$1');
}

/** A deviation or bound: 3 significant digits, exponent form. */
export const formatSmall = (x: number) => (x === 0 ? '0' : x.toExponential(2));

/** Layers in words: "10 layers: 5, 11, …, 59 (every 6th from 5)" or "50 layers: 0–4, 6–10, …, 54–58". */
export function layerList(layers: readonly number[]): string {
  const n = layers.length;
  const count = `${n} layer${n === 1 ? '' : 's'}`;
  if (n === 0) return count;
  const step = n >= 3 ? layers[1] - layers[0] : 0;
  if (step > 1 && layers.every((l, i) => l === layers[0] + i * step)) {
    return `${count}: ${layers[0]}, ${layers[1]}, …, ${layers[n - 1]} (every ${ordinal(step)} from ${layers[0]})`;
  }
  const ranges: string[] = [];
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && layers[j + 1] === layers[j] + 1) j++;
    ranges.push(j === i ? `${layers[i]}` : `${layers[i]}–${layers[j]}`);
    i = j + 1;
  }
  const shown = ranges.length > 8 ? [...ranges.slice(0, 4), '…', ...ranges.slice(-2)] : ranges;
  return `${count}: ${shown.join(', ')}`;
}

function ordinal(k: number): string {
  const suffix = k % 100 >= 11 && k % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
  return `${k}${suffix}`;
}

/** JSON of an API result: typed arrays as arrays, non-finite numbers as strings. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>);
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
      return v;
    },
    2,
  )}\n`;
}
