// "Check your table"'s worker: reads, identifies and differences the tables
// the page sends (check-table-work.ts), so no file, however large, holds the
// page's main thread. The wasm comes as .wasm files next to the bundle
// (phasor/lean): fetched from the page's own origin, as its CSP allows.
import { createPhasor } from '../src/core/lean.js';
import { TableChecker, type CheckReply, type CheckRequest } from './check-table-work.js';

const scope = globalThis as unknown as {
  postMessage(message: CheckReply, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<CheckRequest>) => void): void;
};

const checker = new TableChecker(
  () => createPhasor({ experiments: true }),
  (reply, transfer = []) => scope.postMessage(reply, transfer),
);
scope.addEventListener('message', (event) => void checker.handle(event.data));
