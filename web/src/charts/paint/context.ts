// What the painters draw on: a 2D context of a canvas on the page, or of an
// OffscreenCanvas in a Worker (the same drawing calls), and a scratch canvas
// of either kind for images drawn at another size.

export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A canvas to put pixels on before they are drawn scaled (OffscreenCanvas, or a canvas element where there is none). */
export interface ScratchCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): { putImageData(data: ImageData, dx: number, dy: number): void } | null;
}
