export type OptionValues = Record<string, string | boolean | undefined>;

export interface Command {
  usage: string;
  options: Record<string, 'string' | 'boolean'>;
  /** Takes positional arguments (e.g. a file). */
  positionals?: boolean;
  /** Whether the command needs the database (default true). */
  database?: boolean;
  run: (options: OptionValues, positionals: string[]) => Promise<unknown>;
}

export class CliError extends Error {}

export function required(options: OptionValues, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`missing --${name}`);
  return value;
}
