import enFields from '../../../public/locales/en/fields.json';
import itFields from '../../../public/locales/it/fields.json';
import type { Locale } from '../errors/error-codes.ts';

/**
 * The one text catalogue is public/locales/{lang}/{namespace}.json: the web reads it through i18next, the shared
 * contracts and the server through this module. The `fields` namespace holds the contracts' field and error
 * messages, keyed as the zod issues carry them ("clients.errors.vatInvalid" is clients → errors → vatInvalid).
 */
type Tree = { readonly [key: string]: string | Tree };

/** The dotted paths of a catalogue's texts. */
export type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type FieldKey = KeysOf<typeof enFields>;

const FIELDS: Record<Locale, Tree> = { en: enFields, it: itFields };

/** The text at a dotted key of a catalogue, or undefined. */
export function textAt(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A catalogue text with its {{placeholders}} filled with `values` as they are (as i18next does with escaping off);
 * a placeholder without a value stays as written.
 */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** A field message's text in a language (no placeholders filled), or undefined for a key not in `fields`. */
export function fieldCatalogueText(key: string, locale: Locale): string | undefined {
  return textAt(FIELDS[locale], key);
}

function flatten(tree: Tree, prefix: string, out: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** One section of `fields` as a flat dictionary: fieldSection('en', 'team') → { 'team.errors.emailInvalid': … }. */
export function fieldSection(locale: Locale, section: string): Record<string, string> {
  const tree = FIELDS[locale][section];
  return typeof tree === 'object' ? flatten(tree, `${section}.`, {}) : {};
}
