import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { AuditLogAdmin } from '@/components/admin/audit-log';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auditLog');
  return { title: t('title') };
}

export default async function AuditLogPage() {
  await requireUser({ roles: ['admin'] });
  const t = await getTranslations('auditLog');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <AuditLogAdmin />
    </>
  );
}
