import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@/lib/core/errors';
import { withPlatform } from '@/lib/db/tenant-tx';
import { createUserInput, type CreateUserInput } from './schemas';

/** Argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

export async function createUser(input: CreateUserInput) {
  const parsed = createUserInput.parse(input);
  if (!parsed.tenantSlug && parsed.role !== 'admin') {
    throw AppError.validation('tenant: required for officer and rm users');
  }
  const passwordHash = await hashPassword(parsed.password);
  return withPlatform(async (tx) => {
    const tenant = parsed.tenantSlug ? await tx.tenant.findUnique({ where: { slug: parsed.tenantSlug } }) : null;
    if (parsed.tenantSlug && !tenant) throw AppError.notFound();
    if (await tx.user.findUnique({ where: { email: parsed.email } })) throw new AppError('CONFLICT');
    return tx.user.create({
      data: {
        email: parsed.email,
        displayName: parsed.displayName ?? parsed.email.split('@')[0]!,
        role: parsed.role,
        passwordHash,
        tenantId: tenant?.id ?? null,
      },
      select: { id: true, email: true, role: true, tenantId: true, displayName: true },
    });
  });
}
