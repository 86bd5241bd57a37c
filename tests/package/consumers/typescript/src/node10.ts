// moduleResolution node10 (no package.json exports): the root entry, and the
// subpaths through their folders' package.json.
import { createPhasor, type Phasor } from 'phasor';
import { createPhasor as createLean } from 'phasor/lean';
import { PhasorHeatmapElement } from 'phasor/elements';
import { PhasorHeatmapElement as EmbedHeatmap } from 'phasor/embed';

export const loaded: Promise<Phasor> = createPhasor().then((ph) => ph);
export const lean: Promise<Phasor> = createLean();
export const both: [typeof PhasorHeatmapElement, typeof EmbedHeatmap] = [PhasorHeatmapElement, EmbedHeatmap];
