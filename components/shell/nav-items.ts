import { KeyRound, Landmark, LayoutDashboard, Network, Users, Webhook, type LucideIcon } from 'lucide-react';
import type { Role } from '@/lib/auth/options';

export interface NavItem {
  /** Path without the locale prefix. */
  href: string;
  /** Full message key, e.g. `nav.dashboard`. */
  labelKey: string;
  /** Roles that see the link (the page itself enforces the same roles on the server). */
  roles: Role[];
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { href: '/dashboard', labelKey: 'nav.dashboard', roles: ['admin', 'officer', 'rm'], icon: LayoutDashboard },
  { href: '/entities', labelKey: 'nav.entities', roles: ['admin', 'officer', 'rm'], icon: Users },
  { href: '/bank-accounts/review', labelKey: 'nav.bankReview', roles: ['admin', 'officer'], icon: Landmark },
  { href: '/relationships/approvals', labelKey: 'nav.relationships', roles: ['admin', 'officer'], icon: Network },
  { href: '/admin/webhooks', labelKey: 'nav.webhooks', roles: ['admin'], icon: Webhook },
  { href: '/admin/api-keys', labelKey: 'nav.apiKeys', roles: ['admin'], icon: KeyRound },
];
