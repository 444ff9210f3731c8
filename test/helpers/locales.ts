import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The catalogue's JSON files, flattened to dotted keys, for the tests that read translations. */
export const LOCALES_DIR = join(import.meta.dirname, '../../public/locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** One namespace of one language: `errors.emailInvalid` → its text. */
export function loadNamespace(lang: 'it' | 'en', ns: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')) as Tree);
}

/** Several namespaces of one language, keyed as the screens name them: `audit:actions.signIn`. */
export function loadNamespaces(lang: 'it' | 'en', namespaces: readonly string[]): Map<string, string> {
  return new Map(
    namespaces.flatMap((ns) => [...loadNamespace(lang, ns)].map(([k, v]) => [`${ns}:${k}`, v] as const)),
  );
}

/** Whether a key exists as is or in all its plural forms (one, many, other). */
export function hasKey(keys: Map<string, string>, key: string): boolean {
  return keys.has(key) || ['one', 'many', 'other'].every((form) => keys.has(`${key}_${form}`));
}

/**
 * Every `ns:key` that the screens in these folders name literally (in quotes or backticks), for the tests that
 * prove each one has a text: test files are not read.
 */
export function keysNamedIn(dirs: readonly string[], namespaces: readonly string[]): Set<string> {
  const pattern = new RegExp(`['"\`]((?:${namespaces.join('|')}):[\\w.]+)['"\`]`, 'g');
  const used = new Set<string>();
  for (const dir of dirs) {
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(pattern)) used.add(m[1]!);
    }
  }
  return used;
}
