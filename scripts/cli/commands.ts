import type { Command } from './command';
import { platformCommands } from './platform-commands';
import { webhookCommands } from './webhook-commands';
import { recordsCommands } from './records-commands';
import { screeningCommands } from './screening-commands';
import { kycCommands } from './kyc-commands';

/** Every CLI command. Each domain contributes its own map. */
export const commands: Record<string, Command> = {
  ...platformCommands,
  ...webhookCommands,
  ...recordsCommands,
  ...screeningCommands,
  ...kycCommands,
};
