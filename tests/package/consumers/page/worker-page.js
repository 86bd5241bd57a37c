const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (event) => (window.phasorResult = event.data);
worker.onerror = (event) => (window.phasorResult = { error: String(event.message) });
