// A CommonJS TypeScript file: resolves the require condition's declarations.
import { createPhasor, type Phasor } from 'phasor';
import { PhasorHeatmapElement } from 'phasor/elements';

export const loaded: Promise<Phasor> = createPhasor();
export const tag: string = new PhasorHeatmapElement().localName;
