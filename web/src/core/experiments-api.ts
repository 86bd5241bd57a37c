// The TypeScript side of the RoPE, attention and "why this design" calls:
// loaded with phasor-experiments.wasm by ph.loadExperiments(), so an app (or
// a blog post) that only encodes downloads neither.
export { alibiSlopes, attentionScores, normalSamples, scoreByOffset, standardNormals } from './attention.js';
export { embeddingScale, positionResolution } from './embedding-scale.js';
export { identify } from './identify.js';
export { rope, ropeFrequencies } from './rope.js';
export { identifyRope } from './rope-identify.js';
export { ropeFromConfig } from './rope-config.js';
export { ropeDecay, ropeRandomScores } from './rope-decay.js';
export { attentionPattern } from './attention-patterns.js';
export { shiftFit, sineCollision } from './shift-fit.js';
