import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES, SCREEN_NAMESPACES, SHELL_NAMESPACES } from './screen-namespaces.ts';

const indexHtml = fs.readFileSync(new URL('../index.html', import.meta.url), 'utf8');

/** The string literals of the first array after `marker` in index.html's early-requests script. */
function listAfter(marker: string): string[] {
  const from = indexHtml.indexOf(marker);
  expect(from, `${marker} in index.html`).toBeGreaterThan(-1);
  const list = /\[([^\]]*)\]/.exec(indexHtml.slice(from))![1]!;
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe("index.html's early translation files", () => {
  it('are the default namespaces on every page', () => {
    expect(listAfter('namespaces = ')).toEqual(DEFAULT_NAMESPACES);
  });

  it("add exactly the shell's and the dashboard's on /dashboard", () => {
    expect(listAfter('namespaces = namespaces.concat(')).toEqual([
      ...SHELL_NAMESPACES,
      ...SCREEN_NAMESPACES.dashboard!,
    ]);
  });
});
