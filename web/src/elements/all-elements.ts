// Every chart element, by tag, and defining them all: without side effects,
// so a page can import the elements and define them when it chooses (the
// explorer does it in a task after the parser's last one; elements/index.ts,
// the package entry, does it on import).
import { PhasorAttentionOffsetElement } from './attention-offset-element.js';
import { PhasorBaseLengthElement } from './base-length-element.js';
import { CORE_ELEMENTS, define } from './catalogue.js';
import { PhasorEmbeddingScaleElement } from './embedding-scale-element.js';
import { PhasorRopeScalingElement } from './rope-scaling-element.js';
import { PhasorRopeDecayElement } from './rope-decay-element.js';
import { PhasorAttentionPatternsElement } from './attention-patterns-element.js';
import { PhasorShiftFitElement } from './shift-fit-element.js';

/** Every element, in reading order. */
const ALL = [
  ...CORE_ELEMENTS,
  PhasorAttentionOffsetElement,
  PhasorShiftFitElement,
  PhasorBaseLengthElement,
  PhasorEmbeddingScaleElement,
  PhasorRopeScalingElement,
  PhasorRopeDecayElement,
  PhasorAttentionPatternsElement,
] as const;

/** Tag name → class (each class carries its tag). */
export const ELEMENTS = Object.fromEntries(ALL.map((element) => [element.tag, element])) as {
  [E in (typeof ALL)[number] as E['tag']]: E;
};

export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const element of ALL) define(element, registry);
}
