// The repository's root, for the browser tests that read build/ (packing and
// installing the tarball moved to the package matrix, tests/package/).
export const repoRoot = new URL('../../../', import.meta.url).pathname;
