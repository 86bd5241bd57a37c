// The size a chart is drawn at: the element's width in CSS pixels, as its
// ResizeObserver last reported it (reading it forces no layout in the middle
// of a frame's changes), and the screen's pixel density, which changes when
// the page moves to another screen or is zoomed.

export class SizeWatcher {
  private width = 0;
  private resizeObserver: ResizeObserver | null = null;
  private ratioQuery: MediaQueryList | null = null;
  private readonly onRatioChange = () => {
    this.watchRatio();
    this.changed();
  };

  /**
   * @param changed the width or the pixel density changed
   * @param measured the observer reported the width, changed or not (cssWidth may have measured it first)
   */
  constructor(
    private readonly host: Element,
    private readonly changed: () => void,
    private readonly measured: () => void = () => {},
  ) {}

  connect(): void {
    this.resizeObserver ??= new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1].contentRect.width);
      const changed = width !== this.width;
      this.width = width;
      this.measured();
      if (changed) this.changed();
    });
    this.resizeObserver.observe(this.host);
    this.watchRatio();
  }

  disconnect(): void {
    this.resizeObserver?.disconnect();
    this.ratioQuery?.removeEventListener('change', this.onRatioChange);
    this.ratioQuery = null;
  }

  /**
   * The width in CSS px; measured once when the observer has not reported
   * yet. A chart in a section the page does not render yet
   * (content-visibility: auto) gets no size from the observer; measuring it
   * lays out just that section, so a chart out of sight still catches up.
   */
  get cssWidth(): number {
    if (this.width <= 0 && this.host.isConnected) this.width = Math.floor(this.host.getBoundingClientRect().width);
    return this.width;
  }

  private watchRatio(): void {
    this.ratioQuery?.removeEventListener('change', this.onRatioChange);
    if (typeof matchMedia !== 'function') return;
    this.ratioQuery = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    this.ratioQuery.addEventListener('change', this.onRatioChange);
  }
}
