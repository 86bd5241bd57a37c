// Sizes a canvas for the screen it is on: the backing store holds
// devicePixelRatio device pixels per CSS pixel (crisp on high-DPI screens) and
// the context is scaled so that drawing code works in CSS pixels.

export interface CanvasSize {
  /** CSS pixels. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel used for the backing store. */
  ratio: number;
}

export function devicePixelRatioNow(): number {
  return typeof window === 'object' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
}

/** Resizes the backing store (only when it changed: resizing clears it) and returns a context in CSS pixels. */
export function fitCanvas(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
  const ratio = devicePixelRatioNow();
  const deviceWidth = Math.max(1, Math.round(width * ratio));
  const deviceHeight = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== deviceWidth) canvas.width = deviceWidth;
  if (canvas.height !== deviceHeight) canvas.height = deviceHeight;
  canvas.style.setProperty('width', `${width}px`);
  canvas.style.setProperty('height', `${height}px`);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('phasor: this browser cannot draw on a 2D canvas');
  ctx.setTransform(deviceWidth / width, 0, 0, deviceHeight / height, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}
