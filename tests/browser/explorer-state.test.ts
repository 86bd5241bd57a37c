// The explorer's URL state in Node: parsing (with a reason for every refused
// parameter), writing only what differs from the defaults, and round trips.
import { describe, expect, test } from 'vitest';
import { DEFAULTS, parseQuery, reconcile, toQuery, withPreset, type ExplorerState } from '../../web/explorer/state.js';

describe('parseQuery', () => {
  test('an empty query gives the defaults and no problems', () => {
    expect(parseQuery('')).toEqual({ state: DEFAULTS, problems: [] });
  });

  test('reads every parameter by its API name', () => {
    const { state, problems } = parseQuery(
      '?dModel=64&base=500&positions=300&p=7&k=-3&pair=2&dims=0,1,5&normalize=1&layout=split&spacing=tensor2tensor',
    );
    expect(problems).toEqual([]);
    expect(state).toEqual({
      dModel: 64,
      base: 500,
      positions: 300,
      p: 7,
      k: -3,
      pair: 2,
      dims: [0, 1, 5],
      normalize: true,
      layout: 'split',
      spacing: 'tensor2tensor',
    });
  });

  test.each([
    ['dModel=abc', 'dModel', 'even integer from 2 to 1024'],
    ['dModel=7', 'dModel', 'even integer from 2 to 1024'],
    ['base=1', 'base', 'from 2 to 1000000'],
    ['base=Infinity', 'base', 'from 2 to 1000000'],
    ['positions=0', 'positions', 'integer from 1 to 4096'],
    ['positions=99999999', 'positions', 'integer from 1 to 4096'],
    ['p=-1', 'p', 'integer from 0 to 100000'],
    ['k=1.5', 'k', 'integer from -100000 to 100000'],
    ['normalize=yes', 'normalize', '1 or 0'],
  ])('refuses %s, falls back to the default and says why', (query, key, why) => {
    const { state, problems } = parseQuery(`?${query}`);
    expect(state).toEqual(DEFAULTS);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(key);
    expect(problems[0]).toContain(why);
  });

  test('checks pair and dims against the d_model of the same query', () => {
    expect(parseQuery('?dModel=8&pair=3').problems).toEqual([]);
    expect(parseQuery('?dModel=8&pair=4').problems[0]).toContain('from 0 to 3');
    expect(parseQuery('?dModel=8&dims=7').state.dims).toEqual([7]);
    expect(parseQuery('?dModel=8&dims=8').problems[0]).toContain('from 0 to 7');
  });

  test('reports unknown parameters', () => {
    expect(parseQuery('?zoom=3').problems[0]).toContain('Unknown parameter "zoom"');
  });
});

describe('toQuery', () => {
  test('writes nothing for the defaults', () => {
    expect(toQuery(DEFAULTS)).toBe('');
  });

  test('writes only what differs from the defaults, in a fixed order, with readable commas', () => {
    expect(toQuery({ ...DEFAULTS, k: 3, dModel: 64, dims: [0, 5] })).toBe('?dModel=64&k=3&dims=0,5');
  });

  test('round-trips through parseQuery', () => {
    const states: ExplorerState[] = [
      DEFAULTS,
      {
        dModel: 2,
        base: 2,
        positions: 1,
        p: 0,
        k: -100000,
        pair: 0,
        dims: [1],
        normalize: true,
        layout: 'split',
        spacing: 'tensor2tensor',
      },
      {
        dModel: 1024,
        base: 1e6,
        positions: 4096,
        p: 100000,
        k: 100000,
        pair: 511,
        dims: null,
        normalize: false,
        layout: 'interleaved',
        spacing: 'paper',
      },
      { ...DEFAULTS, base: 1234.5 },
    ];
    for (const state of states) expect(parseQuery(toQuery(state))).toEqual({ state, problems: [] });
  });

  test('reads the layout and the frequency spacing, and refuses other names with the choices', () => {
    expect(parseQuery('?layout=split&spacing=tensor2tensor').state).toMatchObject({
      layout: 'split',
      spacing: 'tensor2tensor',
    });
    expect(parseQuery('?layout=rows&spacing=fairseq')).toMatchObject({
      state: { layout: 'interleaved', spacing: 'paper' },
      problems: [
        'layout="rows" must be one of interleaved, split; using interleaved.',
        'spacing="fairseq" must be one of paper, tensor2tensor; using paper.',
      ],
    });
  });
});

describe('reconcile', () => {
  test('keeps pair below d_model / 2 and drops dimensions beyond d_model after d_model shrinks', () => {
    expect(reconcile({ ...DEFAULTS, dModel: 8, pair: 60, dims: [0, 6, 64] })).toMatchObject({ pair: 3, dims: [0, 6] });
    expect(reconcile({ ...DEFAULTS, dModel: 8, dims: [64, 65] }).dims).toBeNull();
  });
});

describe('withPreset', () => {
  test('sets the valid parameters of a preset on top of the state and ignores the rest', () => {
    const state = { ...DEFAULTS, k: 5, p: 3 };
    expect(withPreset(state, new URLSearchParams('dModel=1000&positions=1000&zoom=2&base=0'))).toEqual({
      ...state,
      dModel: 1000,
      positions: 1000,
    });
  });
});
