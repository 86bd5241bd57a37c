// Saving a chart: SVG (axes and text as vectors, the dense canvas layers as
// embedded PNG images), PNG (the layers painted onto one canvas) and CSV (the numbers
// behind it, from the element's data()). The files are built detached from
// the page, so they carry their styles inline and need no stylesheet.
import { paintSvg } from './paint-svg.js';
import type { PhasorElement } from './phasor-element.js';

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
export function chartSvg(element: PhasorElement<unknown, unknown>): string {
  const content = element.shadowRoot!.querySelector('.content') as HTMLElement;
  const origin = content.getBoundingClientRect();
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
  background.setAttribute('fill', getComputedStyle(element).getPropertyValue('--_bg').trim() || '#ffffff');
  out.append(background);

  const { canvases, svgs } = element.surfaces;
  const layers = [...canvases, ...svgs].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  for (const layer of layers) {
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
  element: PhasorElement<unknown, unknown>,
  scale = Math.max(2, globalThis.devicePixelRatio || 1),
): Promise<{ blob: Blob; complete: boolean }> {
  const content = (element.shadowRoot!.querySelector('.content') as HTMLElement).getBoundingClientRect();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(content.width * scale);
  canvas.height = Math.ceil(content.height * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.fillStyle = getComputedStyle(element).getPropertyValue('--_bg').trim() || '#ffffff';
  ctx.fillRect(0, 0, content.width, content.height);
  const page = new DOMMatrix().scale(scale).translate(-content.left, -content.top);
  const { canvases, svgs } = element.surfaces;
  const layers = [...canvases, ...svgs].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  for (const layer of layers) {
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

/** A table of named numeric columns, one row per index. */
export interface CsvTable {
  columns: string[];
  rows: number;
  value(row: number, column: number): number | string;
}

/** Comma-separated values with a header row; numbers at full precision. */
export function toCsv(table: CsvTable): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [table.columns.map(quote).join(',')];
  for (let r = 0; r < table.rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < table.columns.length; c++) cells.push(String(table.value(r, c)));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A row-major matrix as a table: a label column, then one column per matrix column. */
export function matrixTable(
  values: ArrayLike<number>,
  rows: number,
  columns: number,
  corner: string,
  firstRow = 0,
): CsvTable {
  return {
    columns: [corner, ...Array.from({ length: columns }, (_, c) => String(c))],
    rows,
    value: (r, c) => (c === 0 ? firstRow + r : values[r * columns + c - 1]),
  };
}

/** Columns from every numeric array of the same, largest length in `data` (the fallback for charts without their own table). */
export function columnsOf(data: unknown): CsvTable | null {
  if (typeof data !== 'object' || data === null) return null;
  const arrays = Object.entries(data).filter(
    (entry): entry is [string, ArrayLike<number>] =>
      (ArrayBuffer.isView(entry[1]) && !(entry[1] instanceof DataView)) ||
      (Array.isArray(entry[1]) && entry[1].every((v) => typeof v === 'number')),
  );
  if (arrays.length === 0) return null;
  const length = Math.max(...arrays.map(([, a]) => a.length));
  const chosen = arrays.filter(([, a]) => a.length === length);
  return {
    columns: ['index', ...chosen.map(([name]) => name)],
    rows: length,
    value: (r, c) => (c === 0 ? r : chosen[c - 1][1][r]),
  };
}

/** Hands `blob` to the browser as a download named `name`. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
