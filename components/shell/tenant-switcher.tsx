'use client';

import { useState } from 'react';
import { getCsrfToken } from 'next-auth/react';
import { useRouter } from 'next/navigation';

type Choice = { id: string; label: string };

/**
 * Asks next-auth to re-issue the session JWT with another tenant (the `update` trigger of the jwt
 * callback, which only honours it for platform admins and existing tenants). Posted directly rather
 * than through SessionProvider's `update`, which silently does nothing until its first fetch ends.
 */
async function switchTenant(tenantId: string): Promise<string | null> {
  const csrfToken = await getCsrfToken();
  const response = await fetch('/api/auth/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csrfToken, data: { tenantId } }),
  });
  if (!response.ok) return null;
  const session = (await response.json().catch(() => null)) as { crm?: { tenantId?: string } } | null;
  return session?.crm?.tenantId ?? null;
}

export function TenantSwitcher({ label, tenants, current }: { label: string; tenants: Choice[]; current: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState(current);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span>{label}</span>
      <select
        data-testid="tenant-switcher"
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        value={selected}
        disabled={busy}
        aria-busy={busy}
        onChange={async (event) => {
          setBusy(true);
          setSelected(event.target.value);
          setSelected((await switchTenant(event.target.value)) ?? current);
          router.refresh();
          setBusy(false);
        }}
      >
        {tenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.label}
          </option>
        ))}
      </select>
    </label>
  );
}
