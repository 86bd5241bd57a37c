// What the painters draw on: a 2D context of a canvas on the page, or of an
// OffscreenCanvas in a Worker (the same drawing calls).

export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
