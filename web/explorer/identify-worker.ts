// The worker that runs ph.identify and ph.identifyRope for "Check your table"
// (and any section that identifies what a file holds): a call on a large
// table takes up to a second, which would stall the page's main thread.
// Messages: { id, method, options } in; { id, result } or { id, error } out.
import { createPhasor, type Phasor } from '../src/core/index.js';
import type { IdentifyRequest, IdentifyResponse } from './identify-client.js';

let phasor: Promise<Phasor> | null = null;

self.addEventListener('message', (event: MessageEvent<IdentifyRequest>) => {
  void answer(event.data);
});

async function answer(request: IdentifyRequest): Promise<void> {
  let response: IdentifyResponse;
  try {
    phasor ??= createPhasor({ experiments: true });
    const ph = await phasor;
    const result = request.method === 'identify' ? ph.identify(request.options) : ph.identifyRope(request.options);
    response = { id: request.id, result };
  } catch (e) {
    const error = e as Error;
    response = { id: request.id, error: { name: error.name, message: error.message } };
  }
  self.postMessage(response);
}
