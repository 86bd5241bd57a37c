// Declarations of tools/lib-tsconfig.mjs, for the tests that build the command as the package does.
/** Writes build/tsconfig.<kind>.json and returns its path. */
export function writeTsconfig(kind: 'lib' | 'cli'): string;
