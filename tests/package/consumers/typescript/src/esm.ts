// Every entry's declarations, type-checked with skipLibCheck false.
import { createPhasor, type Encoding, type Phasor } from 'phasor';
import { createPhasor as createLean } from 'phasor/lean';
import { defineElements, PhasorHeatmapElement, type HeatmapOptions } from 'phasor/elements';
import { PhasorHeatmapElement as EmbedHeatmap } from 'phasor/embed';

const ph: Phasor = await createPhasor({ experiments: true });
const e: Encoding = ph.encode({ positions: 5, dModel: 4, layout: 'split' });
const t: Float32Array = e.table;
// @ts-expect-error layout is checked at compile time
ph.encode({ positions: 5, dModel: 4, layout: 'columns' });
const lean: Promise<Phasor> = createLean({ wasmUrl: '/phasor.wasm' });
defineElements();
const heatmap: PhasorHeatmapElement = document.createElement('phasor-heatmap');
const options: HeatmapOptions | null = heatmap.data() ? heatmap.options : null;
const embedded: typeof EmbedHeatmap | undefined = undefined;
export { t, lean, options, embedded };
