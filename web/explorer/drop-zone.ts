// The area a check section takes files on: focusable, named for screen
// readers, marked while a drag is over it, and handing over what was dropped.

import { element } from './element.js';

export function dropZone(className: string, label: string, onDrop: (files: File[]) => void): HTMLDivElement {
  const zone = element('div', className);
  zone.tabIndex = 0;
  zone.setAttribute('role', 'group');
  zone.setAttribute('aria-label', label);
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    onDrop([...(event.dataTransfer?.files ?? [])]);
  });
  return zone;
}
