import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of eslint.config.mjs, shown failing on the arrows it forbids (and passing the allowed ones).
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layers enforced by the lint rule', () => {
  it('refuses a domain importing lib/http, lib/auth, a route or a component', async () => {
    const file = 'lib/entities/probe.ts';
    expect(await restrictedImports(file, "import { apiRoute } from '@/lib/http/route';\nexport const x = apiRoute;\n")).toEqual([
      expect.stringMatching(/Domains do not know HTTP/),
    ]);
    expect(await restrictedImports(file, "import { errorResponse } from '../http/errors';\nexport const x = errorResponse;\n")).toEqual([
      expect.stringMatching(/Domains do not know HTTP/),
    ]);
    expect(await restrictedImports(file, "import { requireUser } from '@/lib/auth/session';\nexport const x = requireUser;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { GET } from '@/app/services/crm/entities/route';\nexport const x = GET;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { notFound } from 'next/navigation';\nexport const x = notFound;\n")).toHaveLength(1);
  });

  it('lets a domain import lib/core, lib/db and another domain', async () => {
    const code =
      "import { AppError } from '@/lib/core/errors';\nimport { withTenant } from '@/lib/db/tenant-tx';\nimport { writeAudit } from '@/lib/audit/write-audit';\nexport const x = [AppError, withTenant, writeAudit];\n";
    expect(await restrictedImports('lib/entities/probe.ts', code)).toEqual([]);
  });

  it('keeps lib/core free of the database and the domains, and the database free of domains', async () => {
    expect(await restrictedImports('lib/core/probe.ts', "import { withTenant } from '@/lib/db/tenant-tx';\nexport const x = withTenant;\n")).toHaveLength(1);
    expect(await restrictedImports('lib/db/probe.ts', "import { writeAudit } from '@/lib/audit/write-audit';\nexport const x = writeAudit;\n")).toHaveLength(1);
  });

  it('keeps routes and pages off the database, and components off server code except types', async () => {
    expect(await restrictedImports('app/services/crm/probe/route.ts', "import { getPool } from '@/lib/db/client';\nexport const x = getPool;\n")).toHaveLength(
      1,
    );
    expect(
      await restrictedImports('components/entities/probe.tsx', "import { getEntity } from '@/lib/entities/get-entity';\nexport const x = getEntity;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports('components/entities/probe.tsx', "import type { EntityOut } from '@/lib/entities/schemas';\nexport type X = EntityOut;\n"),
    ).toEqual([]);
  });
});
