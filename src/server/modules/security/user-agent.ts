import type { TDeviceType } from '@shared/security/account-contracts.ts';

/** What the sessions list shows of a User-Agent header: the browser, the system and the kind of device. */
export interface ParsedUserAgent {
  browser: string | null;
  /** The major version, e.g. "126". */
  browserVersion: string | null;
  os: string | null;
  deviceType: TDeviceType;
}

/** Checked in order: Chromium-based browsers name themselves before "Chrome", Chrome before "Safari". */
const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Vivaldi', /\bVivaldi\/(\d+)/],
  ['Brave', /\bBrave\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
  ['Internet Explorer', /(?:\bMSIE (\d+)|\bTrident\/.*\brv:(\d+))/],
];

function browserOf(ua: string): Pick<ParsedUserAgent, 'browser' | 'browserVersion'> {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return { browser: name, browserVersion: match[1] ?? match[2] ?? null };
  }
  return { browser: null, browserVersion: null };
}

function osOf(ua: string): string | null {
  if (/\biPad\b/.test(ua)) return 'iPadOS';
  if (/\b(?:iPhone|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return null;
}

function deviceTypeOf(ua: string, os: string | null): TDeviceType {
  if (/\biPad\b|\bTablet\b/.test(ua)) return 'tablet';
  // Android phones say "Mobile"; Android tablets do not.
  if (os === 'Android') return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet';
  if (/\b(?:iPhone|iPod|Mobi|Mobile)\b/.test(ua)) return 'mobile';
  if (os) return 'desktop';
  return 'unknown';
}

/**
 * A small, deliberately partial User-Agent reader for the sessions list: the common browsers and systems,
 * anything else as null / "unknown". It never throws and ignores what it does not know.
 */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua.trim()) return { browser: null, browserVersion: null, os: null, deviceType: 'unknown' };
  const os = osOf(ua);
  return { ...browserOf(ua), os, deviceType: deviceTypeOf(ua, os) };
}
