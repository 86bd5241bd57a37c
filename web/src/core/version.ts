// The package version, part of the key under which every copy of phasor on a
// page shares its wasm instances (two versions may differ in their bindings).
// tests/unit/package-version.test.ts holds it to package.json.
export const VERSION = '0.1.0';
