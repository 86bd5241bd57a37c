// Declarations of tools/fault-anchor.mjs, for tests/unit/fault-anchors.test.ts.
export interface Scope {
  name: string;
  start: number;
  end: number;
}
export function anchorSpans(source: string, anchor: string): [number, number][];
export function scopesOf(file: string, source: string): Scope[];
export function scopesNamed(file: string, scopes: Scope[], scope: string): Scope[];
export function locate(
  file: string,
  source: string,
  scope: string | undefined,
  anchor: string,
): { span: [number, number]; problem?: undefined } | { span?: undefined; problem: string };
export function plant(
  source: string,
  fault: { id: string; file: string; scope: string; anchor: string; replacement: string },
): string;
