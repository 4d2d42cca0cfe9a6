import type { Command } from './command';
import { platformCommands } from './platform-commands';

/** Every CLI command. Each domain contributes its own map. */
export const commands: Record<string, Command> = {
  ...platformCommands,
};
