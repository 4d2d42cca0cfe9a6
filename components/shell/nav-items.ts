import {
  Bell,
  ClipboardCheck,
  KeyRound,
  ListChecks,
  Tags,
  ScrollText,
  Settings,
  Landmark,
  LayoutDashboard,
  Network,
  ShieldAlert,
  SlidersHorizontal,
  UserCog,
  Users,
  UsersRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
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
  { href: '/kyc/flows', labelKey: 'nav.kycFlows', roles: ['admin', 'officer'], icon: ClipboardCheck },
  { href: '/cases', labelKey: 'nav.cases', roles: ['admin', 'officer'], icon: ShieldAlert },
  { href: '/screening/lists', labelKey: 'nav.watchlists', roles: ['admin', 'officer'], icon: ListChecks },
  { href: '/bank-accounts/review', labelKey: 'nav.bankReview', roles: ['admin', 'officer'], icon: Landmark },
  { href: '/relationships/approvals', labelKey: 'nav.relationships', roles: ['admin', 'officer'], icon: Network },
  { href: '/alerts', labelKey: 'nav.alerts', roles: ['admin', 'officer'], icon: Bell },
  { href: '/rules', labelKey: 'nav.rules', roles: ['admin', 'officer'], icon: SlidersHorizontal },
  { href: '/admin/webhooks', labelKey: 'nav.webhooks', roles: ['admin'], icon: Webhook },
  { href: '/admin/users', labelKey: 'nav.users', roles: ['admin'], icon: UsersRound },
  { href: '/account', labelKey: 'nav.account', roles: ['admin', 'officer', 'rm'], icon: UserCog },
  { href: '/admin/api-keys', labelKey: 'nav.apiKeys', roles: ['admin'], icon: KeyRound },
  { href: '/admin/tags', labelKey: 'nav.tags', roles: ['admin', 'officer'], icon: Tags },
  { href: '/admin/audit', labelKey: 'nav.audit', roles: ['admin'], icon: ScrollText },
  { href: '/admin/settings', labelKey: 'nav.settings', roles: ['admin'], icon: Settings },
];
