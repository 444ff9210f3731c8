import {
  ArrowLeftRight,
  BarChart3,
  Building2,
  CalendarDays,
  ClipboardList,
  FileInput,
  FileText,
  FolderOpen,
  LayoutDashboard,
  LineChart,
  Mail,
  Mic,
  Package,
  PieChart,
  ScanBarcode,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { RouteName } from '@shared/navigation/routes.ts';

export interface NavItem {
  name: RouteName;
  path: string;
  Icon: LucideIcon;
  children?: NavItem[];
}

/** Sidebar entries in the spec's order (§2 Shell layout). */
export const MAIN_NAV: NavItem[] = [
  { name: 'dashboard', path: '/dashboard', Icon: LayoutDashboard },
  { name: 'clients', path: '/clients', Icon: Users },
  { name: 'calendar', path: '/calendar', Icon: CalendarDays },
  { name: 'invoices', path: '/invoices', Icon: FileText },
  { name: 'purchaseInvoices', path: '/purchase-invoices', Icon: FileInput },
  { name: 'quotes', path: '/quotes', Icon: ClipboardList },
  { name: 'transactions', path: '/transactions', Icon: ArrowLeftRight },
  { name: 'inventory', path: '/inventory', Icon: Package },
  { name: 'analytics', path: '/analytics', Icon: BarChart3 },
  { name: 'reports', path: '/reports', Icon: PieChart },
  { name: 'documents', path: '/documents', Icon: FolderOpen },
  {
    name: 'email',
    path: '/email',
    Icon: Mail,
    children: [{ name: 'emailAnalytics', path: '/email/analytics', Icon: LineChart }],
  },
];

export const TOOLS_NAV: NavItem[] = [
  { name: 'scan', path: '/scan', Icon: ScanBarcode },
  { name: 'voice', path: '/voice', Icon: Mic },
];

export const SETTINGS_NAV: NavItem = { name: 'settings', path: '/settings', Icon: Settings };

/** Members and roles, above Settings for the roles that may open it (super_admin and admin). */
export const ORGANIZATION_NAV: NavItem = { name: 'organization', path: '/organization', Icon: Building2 };
