// Defining chart elements, shared by the registry (registry.ts) and the embed
// script, which defines the RoPE and attention charts only when one appears.

/** A chart element class as a module exports it: carries its tag. */
export type TaggedElement = { readonly tag: string } & CustomElementConstructor;

/** The chart element classes a module exports (each carries its tag). */
export function chartsIn(module: Record<string, unknown>): TaggedElement[] {
  return Object.values(module).filter(
    (value): value is TaggedElement =>
      typeof value === 'function' && typeof (value as { tag?: unknown }).tag === 'string',
  );
}

/** Defines `element` under its tag unless the name is taken (by it, or another copy of the elements). */
export function define(element: TaggedElement, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(element.tag)) registry.define(element.tag, element);
}
