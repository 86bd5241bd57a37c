import type { Command } from '../command.js';
export const identify: Command = {
  spec: { name: 'identify', summary: 'todo', usage: [], about: [], flags: [], maxPositionals: 3, examples: [] },
  async run() {
    return 2;
  },
};
