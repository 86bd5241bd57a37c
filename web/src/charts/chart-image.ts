// A chart as an image file: SVG (axes and text as vectors, the dense canvas
// layers as embedded PNG images) or PNG (the layers painted onto one canvas).
// The files are built detached from the page, so they carry their styles
// inline and need no stylesheet.
import { paintSvg } from './paint-svg.js';

/** What a chart is drawn on: the box holding it, its layers, and the background colour behind them. */
export interface ChartSurfaces {
  content: HTMLElement;
  canvases: HTMLCanvasElement[];
  svgs: SVGSVGElement[];
  background: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// Computed styles copied onto each SVG node, since the shadow stylesheet does
// not travel with the file.
const SVG_STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
  'display',
] as const;

/** The chart as a standalone SVG document. */
export function chartSvg(chart: ChartSurfaces): string {
  const origin = chart.content.getBoundingClientRect();
  const width = Math.ceil(origin.width);
  const height = Math.ceil(origin.height);
  // A document of its own, with no browsing context: its <image> elements do
  // not load their data: URLs, which a strict CSP would report.
  const file = document.implementation.createDocument(SVG_NS, 'svg', null);
  const out = file.documentElement as unknown as SVGSVGElement;
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(height));
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const background = file.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', chart.background);
  out.append(background);

  for (const layer of inDocumentOrder(chart)) {
    const box = layer.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const x = String(box.left - origin.left);
    const y = String(box.top - origin.top);
    if (layer instanceof HTMLCanvasElement) {
      const image = file.createElementNS(SVG_NS, 'image');
      image.setAttribute('x', x);
      image.setAttribute('y', y);
      image.setAttribute('width', String(box.width));
      image.setAttribute('height', String(box.height));
      image.setAttribute('href', layer.toDataURL('image/png'));
      out.append(image);
    } else {
      const copy = file.importNode(layer, true);
      inlineStyles(layer, copy);
      copy.setAttribute('x', x);
      copy.setAttribute('y', y);
      copy.removeAttribute('class');
      out.append(copy);
    }
  }
  return new XMLSerializer().serializeToString(file);
}

function inlineStyles(source: Element, target: Element): void {
  const style = getComputedStyle(source);
  for (const property of SVG_STYLE_PROPERTIES) {
    const value = style.getPropertyValue(property);
    if (value) target.setAttribute(property, value);
  }
  for (let i = 0; i < source.children.length; i++) inlineStyles(source.children[i], target.children[i]);
}

/**
 * The chart as a PNG at `scale` × its CSS size: the canvas layers copied, the
 * SVG layers painted with the canvas API (paint-svg.ts). No image is decoded,
 * so it is the whole chart under any Content-Security-Policy; `complete` is
 * always true (kept for callers that read it).
 */
export async function chartPng(
  chart: ChartSurfaces,
  scale = Math.max(2, globalThis.devicePixelRatio || 1),
): Promise<{ blob: Blob; complete: boolean }> {
  const content = chart.content.getBoundingClientRect();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(content.width * scale);
  canvas.height = Math.ceil(content.height * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.fillStyle = chart.background;
  ctx.fillRect(0, 0, content.width, content.height);
  const page = new DOMMatrix().scale(scale).translate(-content.left, -content.top);
  for (const layer of inDocumentOrder(chart)) {
    const box = layer.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (layer instanceof HTMLCanvasElement)
      ctx.drawImage(layer, box.left - content.left, box.top - content.top, box.width, box.height);
    else paintSvg(ctx, layer, page);
  }
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
  );
  return { blob, complete: true };
}

/** The layers from back to front. */
function inDocumentOrder(chart: ChartSurfaces): (HTMLCanvasElement | SVGSVGElement)[] {
  return [...chart.canvases, ...chart.svgs].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}
