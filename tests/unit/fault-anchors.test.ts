// Each planted fault (tests/faults/faults.mjs) still finds its place: its
// scope exists and its anchor occurs once in it. Nothing is planted here (npm
// run test:faults does that); this makes a refactor that moves a fault's code
// fail npm test, not only the hours-long fault run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faults } from '../faults/faults.mjs';
import { locate, plant, scopesOf } from '../../tools/fault-anchor.mjs';

const repoRoot = join(import.meta.dirname, '../..');

describe('planted faults', () => {
  it('each fault has a scope, and its anchor occurs once in it', () => {
    const problems = faults.flatMap((f) => {
      const { problem } = locate(f.file, readFileSync(join(repoRoot, f.file), 'utf8'), f.scope, f.anchor);
      return problem ? [`${f.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
    expect(faults.length).toBeGreaterThan(200);
  });
});

const cpp = `#include "x.hpp"
// void commented() { }
namespace phasor {
namespace {
double helper(double x) { return x + 1; }  // not "}" a brace
}  // namespace

inline constexpr std::int64_t kMax = std::int64_t{1} << 26;

struct Walk {
  explicit Walk(double s) : start_(s), step_{2 * s} { start_ += 1; }
  double advance() const {
    const char* text = "{ not a body";
    return start_ + 1;
  }
  bool operator==(const Walk& o) const { return start_ == o.start_; }
  double start_;
  double step_;
};

double Walk2::advance(int k) { return k + 1; }

double advance(float k) { return k + 1; }
}  // namespace phasor
`;

const ts = `const DEFAULT = 1;
export function encode(n: number): number {
  const inner = (k: number) => k + 1;
  return inner(n) + 1;
}
class Heatmap {
  draw(): void {
    this.x = 1 + 1;
  }
}
const TABLE = { fairseq: { point: (p: number) => p + 1 }, paper: { point: (p: number) => p + 1 } };
`;

describe('scopes', () => {
  it('C++: functions, members, constants and operators, past comments and literals', () => {
    expect(scopesOf('a.cpp', cpp).map((s) => s.name)).toEqual([
      'phasor::helper',
      'phasor::kMax',
      'phasor::Walk',
      'phasor::Walk::Walk',
      'phasor::Walk::advance',
      'phasor::Walk::operator==',
      'phasor::Walk::start_',
      'phasor::Walk::step_',
      'phasor::Walk2::advance',
      'phasor::advance',
    ]);
  });

  it('C++: a scope spans its signature to its closing brace or semicolon', () => {
    const spans = Object.fromEntries(scopesOf('a.cpp', cpp).map((s) => [s.name, cpp.slice(s.start, s.end)]));
    expect(spans['phasor::helper']).toBe('double helper(double x) { return x + 1; }');
    expect(spans['phasor::kMax']).toBe('inline constexpr std::int64_t kMax = std::int64_t{1} << 26;');
    expect(spans['phasor::Walk::Walk']).toBe('explicit Walk(double s) : start_(s), step_{2 * s} { start_ += 1; }');
  });

  it('TypeScript: functions, methods and object literal members, by dotted name', () => {
    expect(scopesOf('a.ts', ts).map((s) => s.name)).toEqual([
      'DEFAULT',
      'encode',
      'encode.inner',
      'Heatmap',
      'Heatmap.draw',
      'TABLE',
      'TABLE.fairseq',
      'TABLE.fairseq.point',
      'TABLE.paper',
      'TABLE.paper.point',
    ]);
  });
});

describe('locating an anchor', () => {
  it('the scope picks one of several occurrences in the file, with or without its namespace or class', () => {
    for (const scope of ['advance', 'Walk::advance', 'phasor::Walk::advance', 'Walk2::advance']) {
      expect(locate('a.cpp', cpp, scope, 'return k + 1;').problem ?? 'found').toBe(
        scope === 'Walk2::advance'
          ? 'found'
          : `the anchor occurs ${scope === 'advance' ? 2 : 0} times in ${scope} of a.cpp (it must occur once)`,
      );
    }
    expect(locate('a.ts', ts, 'TABLE.paper.point', 'p + 1').span).toBeDefined();
    expect(locate('a.ts', ts, 'point', 'p + 1').problem).toBe(
      'the anchor occurs 2 times in point of a.ts (it must occur once)',
    );
  });

  it('says when a scope is gone', () => {
    expect(locate('a.ts', ts, 'Heatmap.paint', 'this.x').problem).toBe(
      'the scope Heatmap.paint no longer exists in a.ts',
    );
    expect(locate('a.cpp', cpp, 'encode', 'x').problem).toBe('the scope encode no longer exists in a.cpp');
  });

  it('plants the replacement in place of the anchor inside its scope only', () => {
    const planted = plant(ts, {
      id: 't',
      file: 'a.ts',
      scope: 'TABLE.paper.point',
      anchor: 'p  +  1',
      replacement: 'p - 1',
    });
    expect(planted).toBe(ts.replace('paper: { point: (p: number) => p + 1', 'paper: { point: (p: number) => p - 1'));
    expect(() => plant(ts, { id: 't', file: 'a.ts', scope: 'nowhere', anchor: 'p', replacement: '' })).toThrow(
      't: the scope nowhere no longer exists in a.ts',
    );
  });
});

describe('C++ literals', () => {
  it('raw strings, character literals and digit separators do not open scopes', () => {
    const source = 'const char* kText = R"x(a { b ")x";\nint f() { return 1\'000 + \'{\'; }\nint g() { return 2; }\n';
    expect(scopesOf('b.cpp', source).map((s) => [s.name, source.slice(s.start, s.end)])).toEqual([
      ['kText', 'const char* kText = R"x(a { b ")x";'],
      ['f', "int f() { return 1'000 + '{'; }"],
      ['g', 'int g() { return 2; }'],
    ]);
  });
});
