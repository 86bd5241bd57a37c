// The explorer's fragment as a section id (web/explorer/fragment.ts): a valid
// percent-encoding decodes, one that is not (#%, #%E0%A4%A, issue 32) names
// nothing, never throws (the browser test hostile-fragment.test.ts opens the
// page at them).
import { expect, test } from 'vitest';
import { fragmentId } from '../../web/explorer/fragment.js';

test('fragmentId decodes a section id and names nothing for a malformed escape', () => {
  expect(fragmentId('#rotation')).toBe('rotation');
  expect(fragmentId('#dot%2Doffset')).toBe('dot-offset');
  expect(fragmentId('')).toBe('');
  for (const hash of ['#%', '#%E0%A4%A', '#%ZZ', '#%25%', '#%C0%80']) expect(fragmentId(hash), hash).toBe('');
});
