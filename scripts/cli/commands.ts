import type { Command } from './command';
import { platformCommands } from './platform-commands';
import { webhookCommands } from './webhook-commands';
import { recordsCommands } from './records-commands';
import { screeningCommands } from './screening-commands';
import { relationshipCommands } from './relationship-commands';
import { bulkCommands } from './bulk-commands';
import { backupCommands } from './backup-commands';
import { privacyCommands } from './privacy-commands';
import { kycCommands } from './kyc-commands';

/** Every CLI command. Each domain contributes its own map. */
export const commands: Record<string, Command> = {
  ...platformCommands,
  ...webhookCommands,
  ...recordsCommands,
  ...screeningCommands,
  ...relationshipCommands,
  ...bulkCommands,
  ...backupCommands,
  ...privacyCommands,
  ...kycCommands,
};
