import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  chromeAndroidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};

describe('parseUserAgent', () => {
  it.each([
    ['chromeWindows', 'Chrome', '126', 'Windows', 'desktop'],
    ['edgeWindows', 'Edge', '125', 'Windows', 'desktop'],
    ['firefoxLinux', 'Firefox', '127', 'Linux', 'desktop'],
    ['safariMac', 'Safari', '17', 'macOS', 'desktop'],
    ['safariIphone', 'Safari', '17', 'iOS', 'mobile'],
    ['chromeIphone', 'Chrome', '126', 'iOS', 'mobile'],
    ['safariIpad', 'Safari', '16', 'iPadOS', 'tablet'],
    ['chromeAndroidPhone', 'Chrome', '126', 'Android', 'mobile'],
    ['chromeAndroidTablet', 'Chrome', '126', 'Android', 'tablet'],
    ['samsungAndroid', 'Samsung Internet', '25', 'Android', 'mobile'],
    ['operaMac', 'Opera', '110', 'macOS', 'desktop'],
    ['firefoxIphone', 'Firefox', '127', 'iOS', 'mobile'],
    ['headlessChromium', 'Chrome', '131', 'Linux', 'desktop'],
    ['chromebook', 'Chrome', '126', 'ChromeOS', 'desktop'],
    ['ie11', 'Internet Explorer', '11', 'Windows', 'desktop'],
  ] as const)('%s → %s %s on %s (%s)', (key, browser, browserVersion, os, deviceType) => {
    expect(parseUserAgent(UA[key])).toEqual({ browser, browserVersion, os, deviceType });
  });

  it('knows nothing of an empty or missing header', () => {
    const none = { browser: null, browserVersion: null, os: null, deviceType: 'unknown' };
    expect(parseUserAgent('')).toEqual(none);
    expect(parseUserAgent('   ')).toEqual(none);
    expect(parseUserAgent(null)).toEqual(none);
    expect(parseUserAgent(undefined)).toEqual(none);
  });

  it('leaves programs it does not know as unknown', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({
      browser: null,
      browserVersion: null,
      os: null,
      deviceType: 'unknown',
    });
    expect(parseUserAgent('lightMyRequest').deviceType).toBe('unknown');
  });

  it('reads only the first 500 characters of a huge header', () => {
    const huge = `${'x'.repeat(600)} Firefox/127.0`;
    expect(parseUserAgent(huge).browser).toBeNull();
  });
});
