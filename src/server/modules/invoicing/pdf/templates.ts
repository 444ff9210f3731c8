import {
  PDF_TEMPLATES,
  type InvoiceStatus,
  type PdfTemplateName,
  type QuoteStatus,
} from '@shared/invoicing/contracts.ts';
import type { FontFamily } from './fonts.ts';

/**
 * The five PDF templates of quotes, invoices and credit notes (spec §9): each has its own colours, font
 * family, header height and margins. Units are millimetres on an A4 portrait page; colours are hex RGB.
 */
export const TEMPLATE_NAMES = PDF_TEMPLATES;
export type TemplateName = PdfTemplateName;

function isTemplateName(value: string): value is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(value);
}

/** The stored template name of a document, checked: a name this version does not know draws the default. */
export function templateOf(value: string): TemplateName {
  return isTemplateName(value) ? value : 'default';
}

export type DocumentStatus = QuoteStatus | InvoiceStatus;

/** Badge colours, dark enough for white text on them. */
const STATUS_COLORS: Record<DocumentStatus, string> = {
  draft: '#6b7280',
  sent: '#1d4ed8',
  accepted: '#15803d',
  rejected: '#b91c1c',
  expired: '#b45309',
  converted: '#6d28d9',
  issued: '#0e7490',
  partially_paid: '#a16207',
  paid: '#166534',
  overdue: '#c2410c',
  cancelled: '#475569',
};

/** Softer tones for the sober templates. */
const MUTED_STATUS_COLORS: Record<DocumentStatus, string> = {
  draft: '#737373',
  sent: '#3f5f8a',
  accepted: '#3f7a52',
  rejected: '#9b3b3b',
  expired: '#8a6a2f',
  converted: '#5f4b8b',
  issued: '#3d6b73',
  partially_paid: '#7a5f1f',
  paid: '#2f6846',
  overdue: '#9b4a2f',
  cancelled: '#5b6470',
};

/**
 * How the first-page header is drawn: `band` a full-width coloured band with light text, `rule` a coloured
 * line under the header, `plain` nothing but text, `sidebar` a coloured strip down the left edge of every page.
 */
export type HeaderStyle = 'band' | 'rule' | 'plain' | 'sidebar';

export type Template = {
  name: TemplateName;
  font: FontFamily;
  headerStyle: HeaderStyle;
  /** Height of the first-page header area; content starts below it (or below the seller block if taller). */
  headerHeight: number;
  margins: { top: number; right: number; bottom: number; left: number };
  /** Base font size in points of the body text. */
  fontSize: number;
  colors: {
    /** Titles, rules, the table header. */
    primary: string;
    /** Decoration: the header rule, the band's edge, the sidebar strip. */
    accent: string;
    /** Section labels ("CLIENTE", "RIEPILOGO IVA"): readable on white. */
    heading: string;
    text: string;
    muted: string;
    /** Text drawn on the primary colour (band, table header). */
    onPrimary: string;
    /** Background of every other table row; null for none. */
    zebra: string | null;
    border: string;
  };
  /** The table header is filled with the primary colour, or only underlined. */
  tableHeaderFilled: boolean;
  statusColors: Record<DocumentStatus, string>;
};

export const TEMPLATES: Record<TemplateName, Template> = {
  default: {
    name: 'default',
    font: 'sans',
    headerStyle: 'rule',
    headerHeight: 30,
    margins: { top: 15, right: 15, bottom: 18, left: 15 },
    fontSize: 8.5,
    colors: {
      primary: '#1f4e79',
      accent: '#1f4e79',
      heading: '#1f4e79',
      text: '#1f2933',
      muted: '#616e7c',
      onPrimary: '#ffffff',
      zebra: '#f3f6f9',
      border: '#cbd2d9',
    },
    tableHeaderFilled: true,
    statusColors: STATUS_COLORS,
  },
  modern: {
    name: 'modern',
    font: 'sans',
    headerStyle: 'band',
    headerHeight: 42,
    margins: { top: 12, right: 14, bottom: 18, left: 14 },
    fontSize: 8.5,
    colors: {
      primary: '#0f766e',
      accent: '#f59e0b',
      heading: '#0f766e',
      text: '#111827',
      muted: '#6b7280',
      onPrimary: '#ffffff',
      zebra: '#f0fdfa',
      border: '#d1d5db',
    },
    tableHeaderFilled: true,
    statusColors: STATUS_COLORS,
  },
  minimal: {
    name: 'minimal',
    font: 'sans',
    headerStyle: 'plain',
    headerHeight: 28,
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    fontSize: 8,
    colors: {
      primary: '#262626',
      accent: '#262626',
      heading: '#525252',
      text: '#262626',
      muted: '#737373',
      onPrimary: '#ffffff',
      zebra: null,
      border: '#d4d4d4',
    },
    tableHeaderFilled: false,
    statusColors: MUTED_STATUS_COLORS,
  },
  elegant: {
    name: 'elegant',
    font: 'serif',
    headerStyle: 'rule',
    headerHeight: 32,
    margins: { top: 18, right: 20, bottom: 20, left: 20 },
    fontSize: 8.5,
    colors: {
      primary: '#1c2541',
      accent: '#a67c00',
      heading: '#7a5c00',
      text: '#1c2541',
      muted: '#5c6378',
      onPrimary: '#f8f4e8',
      zebra: '#faf7ef',
      border: '#d8cfb5',
    },
    tableHeaderFilled: false,
    statusColors: MUTED_STATUS_COLORS,
  },
  creative: {
    name: 'creative',
    font: 'condensed',
    headerStyle: 'sidebar',
    headerHeight: 30,
    margins: { top: 14, right: 14, bottom: 18, left: 22 },
    fontSize: 9,
    colors: {
      primary: '#7c3aed',
      accent: '#db2777',
      heading: '#be185d',
      text: '#1e1b4b',
      muted: '#6b6b8a',
      onPrimary: '#ffffff',
      zebra: '#f5f3ff',
      border: '#ddd6fe',
    },
    tableHeaderFilled: true,
    statusColors: STATUS_COLORS,
  },
};

/** The badge colour of a status; an unknown status is grey. */
export function statusColor(template: Template, status: string): string {
  return (template.statusColors as Record<string, string>)[status] ?? '#6b7280';
}
