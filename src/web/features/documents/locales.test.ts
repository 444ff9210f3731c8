import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, keysNamedIn, loadNamespaces } from '../../../../test/helpers/locales.ts';
import {
  DOCUMENT_TAG_COLORS,
  DOCUMENT_TYPES,
  LINK_RECORD_TYPES,
  READING_STATUSES,
  RULE_ALGORITHMS,
  TEXT_SOURCES,
  ZDocumentSuggestions,
} from '@shared/documents/contracts.ts';
import { UPLOAD_ERROR_CODES, uploadErrorKey } from './upload-queue.ts';

/**
 * The documents screens' texts: every key they name literally, and a text for every value they name through a
 * template (types, reading states, link kinds, colours, rule kinds, upload errors), in Italian and English.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const NAMESPACES = ['documents'] as const;
const keys = { it: loadNamespaces('it', NAMESPACES), en: loadNamespaces('en', NAMESPACES) };
const both = (key: string) => hasKey(keys.it, key) && hasKey(keys.en, key);

describe('documents translations', () => {
  it('contain every key the screens name literally', () => {
    const used = keysNamedIn([join(ROOT, 'src/web/features/documents')], NAMESPACES);
    expect(used.size).toBeGreaterThan(150);
    expect([...used].filter((key) => !both(key))).toEqual([]);
  });

  it('name every value the screens show through a template', () => {
    const suggestion = ZDocumentSuggestions.shape;
    const expected = [
      ...DOCUMENT_TYPES.map((v) => `documents:types.${v}`),
      ...READING_STATUSES.map((v) => `documents:reading.status.${v}`),
      ...TEXT_SOURCES.map((v) => `documents:reading.source.${v}`),
      ...LINK_RECORD_TYPES.map((v) => `documents:links.types.${v}`),
      ...DOCUMENT_TAG_COLORS.map((v) => `documents:colors.${v}`),
      ...RULE_ALGORITHMS.flatMap((v) => [
        `documents:settings.algorithms.${v}`,
        `documents:settings.algorithmHints.${v}`,
      ]),
      ...[...UPLOAD_ERROR_CODES, 'SOMETHING_ELSE'].map((code) => `documents:${uploadErrorKey(code)}`),
      ...suggestion.paymentMethod
        .unwrap()
        .shape.value.options.map((v) => `documents:suggestions.paymentMethods.${v}`),
      ...suggestion.correspondents.element.shape.matchedBy.options.map(
        (v) => `documents:suggestions.matchedBy.${v}`,
      ),
      ...['client', 'supplier'].map((v) => `documents:correspondent.${v}`),
      ...['tags', 'rules'].map((v) => `documents:settings.${v}`),
      ...[
        'titleRequired',
        'titleTooLong',
        'dateInvalid',
        'tagNameRequired',
        'tagNameTooLong',
        'ruleNameRequired',
        'rulePatternRequired',
      ].map((v) => `documents:errors.${v}`),
    ];
    expect(expected.filter((key) => !both(key))).toEqual([]);
  });
});
