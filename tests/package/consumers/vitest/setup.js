// Writes what each test computed to results/<name>.json for the matrix to check against float64.
import { mkdirSync, writeFileSync } from 'node:fs';

globalThis.phasorReport = (name, result) => {
  mkdirSync('results', { recursive: true });
  writeFileSync(`results/${name}.json`, JSON.stringify(result));
};
