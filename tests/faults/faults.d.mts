// Declarations of tests/faults/faults.mjs, for tests/unit/fault-anchors.test.ts.
export interface Fault {
  id: string;
  computation: string;
  kind: string;
  file: string;
  scope: string;
  anchor: string;
  replacement: string;
  suites: ('cpp' | 'asan' | 'unit')[];
}
export const faults: Fault[];
