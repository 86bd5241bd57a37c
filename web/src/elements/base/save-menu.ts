// One "Save…" button per chart that opens a small menu (PNG, SVG, CSV): a
// single tab stop instead of three. The menu follows the ARIA menu button
// pattern: Enter/Space/ArrowDown open it on the first item, arrow keys move,
// Escape closes it and returns focus, Tab or a click elsewhere closes it.

export interface SaveAction {
  label: string;
  title: string;
  run: () => Promise<void> | void;
}

let menus = 0;

export function saveMenu(actions: readonly SaveAction[]): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'save';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'save-toggle';
  toggle.textContent = 'Save…';
  toggle.title = 'Save this chart as PNG, SVG or CSV';
  toggle.setAttribute('aria-haspopup', 'menu');
  toggle.setAttribute('aria-expanded', 'false');
  const menu = document.createElement('div');
  menu.className = 'save-menu';
  menu.id = `phasor-save-menu-${++menus}`;
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', 'Save this chart');
  menu.hidden = true;
  toggle.setAttribute('aria-controls', menu.id);
  const items = actions.map((action) => {
    const item = document.createElement('button');
    item.type = 'button';
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.textContent = action.label;
    item.title = action.title;
    item.addEventListener('click', () => {
      close(true);
      void action.run();
    });
    return item;
  });
  menu.append(...items);
  bar.append(toggle, menu);

  const open = (focus: number) => {
    menu.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    items[(focus + items.length) % items.length].focus();
  };
  function close(refocus: boolean): void {
    if (menu.hidden) return;
    menu.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    if (refocus) toggle.focus();
  }
  toggle.addEventListener('click', () => (menu.hidden ? open(0) : close(true)));
  toggle.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 0 : -1);
    }
  });
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(event.target as HTMLButtonElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (event.key in move) {
      event.preventDefault();
      items[(move[event.key] + items.length) % items.length].focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  });
  bar.addEventListener('focusout', (event) => {
    if (!bar.contains(event.relatedTarget as Node | null)) close(false);
  });
  return bar;
}
