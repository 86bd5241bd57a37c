// Every chart element, found in the two lists that register them
// (pe-charts.ts, experiment-charts.ts): by tag, and defining them all. No side
// effects, so a page can import the elements and define them when it chooses
// (the explorer does it in a task after the parser's last one; index.ts, the
// package entry, does it on import).
import { chartsIn, define } from './define-chart.js';
import * as experimentCharts from './experiment-charts.js';
import * as peCharts from './pe-charts.js';

export { define } from './define-chart.js';

type Exported = (typeof peCharts)[keyof typeof peCharts] | (typeof experimentCharts)[keyof typeof experimentCharts];

/**
 * A chart element class: what the two lists export that carries a tag and
 * attribute specs (told apart without naming HTMLElement, whose types include
 * the tag map below).
 */
export type ChartClass = Extract<
  Exported,
  { readonly tag: string; readonly attributeSpecs: readonly unknown[]; new (): unknown }
>;

/** Tag name → chart element, for TypeScript's HTMLElementTagNameMap (index.ts). */
export type ChartTagMap = { [C in ChartClass as C['tag']]: InstanceType<C> };

/** The PE charts (every bundle defines them at once) and the RoPE and attention charts. */
export const PE_CHARTS: readonly ChartClass[] = chartsIn(peCharts) as ChartClass[];
export const EXPERIMENT_CHARTS: readonly ChartClass[] = chartsIn(experimentCharts) as ChartClass[];

/** Tag name → class (each class carries its tag). */
export const ELEMENTS = Object.fromEntries([...PE_CHARTS, ...EXPERIMENT_CHARTS].map((c) => [c.tag, c])) as {
  [C in ChartClass as C['tag']]: C;
};

/** Defines every chart element (safe to call more than once). */
export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const element of Object.values(ELEMENTS)) define(element, registry);
}
