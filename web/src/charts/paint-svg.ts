// Paints a live SVG layer (axes, labels, marks) onto a 2D canvas with the
// canvas API itself: Path2D takes SVG path data, fillText draws the labels,
// each shape with its computed style and its transform on the page. Nothing
// is decoded as an image, so a PNG export works under a Content-Security-
// Policy that allows no blob: or data: images.

/** Paints `svg` onto `ctx`; `page` maps page (client) coordinates to the canvas's. */
export function paintSvg(ctx: CanvasRenderingContext2D, svg: SVGSVGElement, page: DOMMatrix): void {
  paintChildren(ctx, svg, page, 1);
}

function paintChildren(ctx: CanvasRenderingContext2D, parent: Element, page: DOMMatrix, opacity: number): void {
  for (const child of parent.children) {
    if (!(child instanceof SVGGraphicsElement)) continue;
    const style = getComputedStyle(child);
    if (style.display === 'none') continue;
    const alpha = opacity * Number(style.opacity || 1);
    if (child instanceof SVGGElement || child instanceof SVGSVGElement || child instanceof SVGAElement) {
      paintChildren(ctx, child, page, alpha);
    } else if (style.visibility !== 'hidden' && alpha > 0) {
      const screen = child.getScreenCTM();
      if (!screen) continue;
      ctx.save();
      ctx.setTransform(page.multiply(screen));
      ctx.globalAlpha = alpha;
      if (child instanceof SVGTextElement) paintText(ctx, child, style);
      else paintShape(ctx, child, style);
      ctx.restore();
    }
  }
}

function outline(shape: SVGGraphicsElement): Path2D | null {
  if (shape instanceof SVGPathElement) return new Path2D(shape.getAttribute('d') ?? '');
  const path = new Path2D();
  if (shape instanceof SVGLineElement) {
    path.moveTo(shape.x1.baseVal.value, shape.y1.baseVal.value);
    path.lineTo(shape.x2.baseVal.value, shape.y2.baseVal.value);
  } else if (shape instanceof SVGRectElement) {
    path.rect(shape.x.baseVal.value, shape.y.baseVal.value, shape.width.baseVal.value, shape.height.baseVal.value);
  } else if (shape instanceof SVGCircleElement) {
    path.arc(shape.cx.baseVal.value, shape.cy.baseVal.value, shape.r.baseVal.value, 0, 2 * Math.PI);
  } else if (shape instanceof SVGEllipseElement) {
    path.ellipse(
      shape.cx.baseVal.value,
      shape.cy.baseVal.value,
      shape.rx.baseVal.value,
      shape.ry.baseVal.value,
      0,
      0,
      2 * Math.PI,
    );
  } else if (shape instanceof SVGPolylineElement || shape instanceof SVGPolygonElement) {
    const points = shape.points;
    for (let i = 0; i < points.numberOfItems; i++) {
      const p = points.getItem(i);
      if (i === 0) path.moveTo(p.x, p.y);
      else path.lineTo(p.x, p.y);
    }
    if (shape instanceof SVGPolygonElement) path.closePath();
  } else {
    return null;
  }
  return path;
}

function paintShape(ctx: CanvasRenderingContext2D, shape: SVGGraphicsElement, style: CSSStyleDeclaration): void {
  const path = outline(shape);
  if (!path) return;
  const fill = () => {
    if (!painted(style.fill)) return;
    ctx.fillStyle = style.fill;
    withOpacity(ctx, style.fillOpacity, () => ctx.fill(path, style.fillRule === 'evenodd' ? 'evenodd' : 'nonzero'));
  };
  const stroke = () => {
    if (!painted(style.stroke)) return;
    setStroke(ctx, style);
    withOpacity(ctx, style.strokeOpacity, () => ctx.stroke(path));
  };
  if (style.paintOrder.startsWith('stroke')) {
    stroke();
    fill();
  } else {
    fill();
    stroke();
  }
}

/** Each text (or tspan) run at the position the browser laid its first character out at. */
function paintText(ctx: CanvasRenderingContext2D, text: SVGTextElement, style: CSSStyleDeclaration): void {
  const runs = text.querySelector('tspan') ? [...text.querySelectorAll('tspan')] : [text];
  for (const run of runs) {
    const content = run.textContent ?? '';
    if (content.trim() === '' || run.getNumberOfChars() === 0) continue;
    const runStyle = run === text ? style : getComputedStyle(run);
    const start = run.getStartPositionOfChar(0);
    ctx.font = `${runStyle.fontStyle} ${runStyle.fontWeight} ${runStyle.fontSize} ${runStyle.fontFamily}`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    const stroke = () => {
      if (!painted(runStyle.stroke)) return;
      setStroke(ctx, runStyle);
      withOpacity(ctx, runStyle.strokeOpacity, () => ctx.strokeText(content, start.x, start.y));
    };
    const fill = () => {
      if (!painted(runStyle.fill)) return;
      ctx.fillStyle = runStyle.fill;
      withOpacity(ctx, runStyle.fillOpacity, () => ctx.fillText(content, start.x, start.y));
    };
    if (runStyle.paintOrder.startsWith('stroke')) {
      stroke();
      fill();
    } else {
      fill();
      stroke();
    }
  }
}

function painted(paint: string): boolean {
  return paint !== '' && paint !== 'none' && !paint.startsWith('url(');
}

function setStroke(ctx: CanvasRenderingContext2D, style: CSSStyleDeclaration): void {
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = parseFloat(style.strokeWidth) || 1;
  ctx.lineJoin = (style.strokeLinejoin as CanvasLineJoin) || 'miter';
  ctx.lineCap = (style.strokeLinecap as CanvasLineCap) || 'butt';
  const dashes =
    style.strokeDasharray === 'none'
      ? []
      : style.strokeDasharray
          .split(/[ ,]+/)
          .map(parseFloat)
          .filter((d) => d >= 0);
  ctx.setLineDash(dashes);
  ctx.lineDashOffset = parseFloat(style.strokeDashoffset) || 0;
}

function withOpacity(ctx: CanvasRenderingContext2D, opacity: string, paint: () => void): void {
  const before = ctx.globalAlpha;
  ctx.globalAlpha = before * (opacity === '' ? 1 : Number(opacity));
  paint();
  ctx.globalAlpha = before;
}
