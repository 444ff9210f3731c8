import { UAParser } from 'ua-parser-js';
import type { TDeviceType } from '@shared/security/account-contracts.ts';

/** What the sessions list shows of a User-Agent header: the browser, the system and the kind of device. */
export interface ParsedUserAgent {
  browser: string | null;
  /** The major version, e.g. "126". */
  browserVersion: string | null;
  os: string | null;
  deviceType: TDeviceType;
}

/** ua-parser-js names the mobile and headless builds apart; the sessions list names the browser only. */
const BROWSER_NAMES: Readonly<Record<string, string>> = {
  'Mobile Safari': 'Safari',
  'Mobile Chrome': 'Chrome',
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Opera Mobi': 'Opera',
  'Opera Touch': 'Opera',
  IE: 'Internet Explorer',
  IEMobile: 'Internet Explorer',
};

/** Linux distributions read as "Linux"; Apple's and Google's systems by the names people use. */
const LINUX_DISTRIBUTIONS = new Set([
  'Arch',
  'CentOS',
  'Debian',
  'Deepin',
  'elementary OS',
  'Fedora',
  'Gentoo',
  'Kubuntu',
  'Linux',
  'Manjaro',
  'Mint',
  'Raspbian',
  'RedHat',
  'Slackware',
  'SUSE',
  'Ubuntu',
]);

function osName(name: string | undefined, deviceType: string | undefined): string | null {
  if (!name) return null;
  if (LINUX_DISTRIBUTIONS.has(name)) return 'Linux';
  if (name === 'Chrome OS') return 'ChromeOS';
  if (name === 'iOS' && deviceType === 'tablet') return 'iPadOS';
  return name;
}

function deviceTypeOf(type: string | undefined, os: string | null): TDeviceType {
  if (type === 'mobile' || type === 'tablet') return type;
  return os ? 'desktop' : 'unknown';
}

/**
 * The sessions list's reading of a User-Agent header (ua-parser-js), anything it does not know as null /
 * "unknown". It never throws and reads only the first 500 characters.
 */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua.trim()) return { browser: null, browserVersion: null, os: null, deviceType: 'unknown' };
  const { browser, os, device } = new UAParser(ua).getResult();
  const osLabel = osName(os.name, device.type);
  return {
    browser: browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : null,
    browserVersion: browser.name ? (browser.major ?? null) : null,
    os: osLabel,
    deviceType: deviceTypeOf(device.type, osLabel),
  };
}
