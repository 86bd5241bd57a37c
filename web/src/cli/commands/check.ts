import type { Command } from '../command.js';
export const check: Command = {
  spec: { name: 'check', summary: 'todo', usage: [], about: [], flags: [], maxPositionals: 3, examples: [] },
  async run() {
    return 2;
  },
};
