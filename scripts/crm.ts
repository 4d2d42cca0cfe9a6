// `npm run crm -- <command> [--options]`: operator commands. JSON on stdout; on error a
// one-line message on stderr and exit code 1 (2 for usage errors).
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { AppError } from '@/lib/core/errors';
import { formatIssues } from '@/lib/core/validation';
import en from '@/messages/en.json';
import { CliError, type Command } from './cli/command';
import { withCliDatabase } from './cli/context';
import { commands } from './cli/commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command: Command | undefined = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(
      `usage: npm run crm -- <command>\n${Object.values(commands)
        .map((c) => `  ${c.usage}`)
        .join('\n')}\n`,
    );
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(Object.entries(command.options).map(([k, type]) => [k, { type }])),
      allowPositionals: command.positionals ?? false,
      strict: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message.split('\n')[0]}. usage: ${command.usage}\n`);
    return 2;
  }
  const run = () => command.run(parsed.values as Record<string, string | boolean | undefined>, parsed.positionals);
  const result = command.database === false ? await run() : await withCliDatabase(run);
  process.stdout.write(JSON.stringify(result) + '\n');
  return 0;
}

function describe(error: unknown): string {
  if (error instanceof ZodError) return formatIssues(error).join('; ');
  if (error instanceof AppError) {
    return error.validationErrors?.length ? error.validationErrors.join('; ') : `${error.code}: ${en.errors[error.code]}`;
  }
  if (error instanceof CliError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${describe(error).replace(/\s+/g, ' ').trim()}\n`);
    process.exit(1);
  },
);
