import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_VARIABLES,
  renderTemplate,
} from '@shared/mail/templates.ts';
import type { TEmailTemplate } from '@shared/mail/template-contracts.ts';
import {
  draftOf,
  formatMailDate,
  insertVariable,
  isDirty,
  sampleValues,
  templateGroups,
  unknownVariables,
  validateDraft,
  type TemplateDraft,
} from './email-template-editing.ts';

const draft = (patch: Partial<TemplateDraft>): TemplateDraft => ({ ...draftOf(undefined, 'it'), ...patch });

describe('validateDraft', () => {
  it('asks for a subject and a text, blanks not counting; an own template also for a name', () => {
    expect(validateDraft(draft({ subject: '  ', contentText: '\n' }))).toEqual({
      subject: 'required',
      contentText: 'required',
    });
    expect(validateDraft(draft({ subject: 'Fattura {{invoice_number}}', contentText: 'Ciao' }))).toEqual({});
    expect(validateDraft(draft({ subject: 'S', contentText: 'T' }), { own: true })).toEqual({
      name: 'required',
    });
  });

  it('keeps the server limits of 200 and 10,000 characters after trimming', () => {
    expect(
      validateDraft(draft({ subject: 'a'.repeat(200), contentText: `  ${'b'.repeat(10_000)}  ` })),
    ).toEqual({});
    expect(validateDraft(draft({ subject: 'a'.repeat(201), contentText: 'b'.repeat(10_001) }))).toEqual({
      subject: 'tooLong',
      contentText: 'tooLong',
    });
  });
});

describe('isDirty', () => {
  it('ignores the blanks the server trims away', () => {
    const stored = draft({ subject: 'Oggetto', contentText: 'Testo' });
    expect(isDirty(draft({ subject: ' Oggetto ', contentText: 'Testo\n' }), stored)).toBe(false);
    expect(isDirty(draft({ subject: 'Oggetto', contentText: 'Testo!' }), stored)).toBe(true);
    expect(
      isDirty(draft({ subject: 'Oggetto', contentText: 'Testo', contentHtml: '<p>x</p>' }), stored),
    ).toBe(true);
  });
});

describe('insertVariable', () => {
  it('puts the variable at the caret and moves the caret after it', () => {
    expect(insertVariable('Gentile ,', 8, 8, 'client_name')).toEqual({
      value: 'Gentile {{client_name}},',
      caret: 23,
    });
  });

  it('replaces the selection, and clamps positions outside the text', () => {
    expect(insertVariable('Fattura XX del', 8, 10, 'invoice_number').value).toBe(
      'Fattura {{invoice_number}} del',
    );
    expect(insertVariable('abc', 10, 20, 'due_date')).toEqual({ value: 'abc{{due_date}}', caret: 15 });
    expect(insertVariable('abc', 2, 1, 'due_date').value).toBe('ab{{due_date}}c');
  });
});

describe('variables', () => {
  it('reports names the templates do not know, in the subject, the text and the HTML', () => {
    expect(
      unknownVariables({
        subject: '{{client_name}}',
        contentText: '{{cliente}} {{ totale }}',
        contentHtml: '{{x}}',
      }),
    ).toEqual(['cliente', 'totale', 'x']);
  });
});

describe('templateGroups', () => {
  const item = (patch: Partial<TEmailTemplate>): TEmailTemplate => ({
    id: 'x',
    name: 'x',
    description: '',
    category: 'custom',
    language: 'it',
    subject: 's',
    contentText: 't',
    contentHtml: null,
    variables: [],
    isSystem: false,
    customized: false,
    warnings: [],
    ...patch,
  });

  it('groups by category in the catalogue order: system templates once in the chosen language, own ones all', () => {
    const items = [
      item({ id: 'own', category: 'custom', language: 'en' }),
      item({ id: 'newsletter', category: 'newsletter', isSystem: true, language: 'it' }),
      item({ id: 'newsletter', category: 'newsletter', isSystem: true, language: 'en' }),
      item({ id: 'quote_send', category: 'quote', isSystem: true, language: 'it' }),
    ];
    const groups = templateGroups(items, 'it');
    expect(groups.map((g) => g.category)).toEqual(['quote', 'newsletter', 'custom']);
    expect(groups[1]!.items).toHaveLength(1);
    expect(groups[2]!.items[0]!.id).toBe('own');
  });
});

describe('sampleValues', () => {
  it('fills every variable, with amounts and dates in the template language', () => {
    const it_ = sampleValues('it');
    const en = sampleValues('en');
    for (const name of TEMPLATE_VARIABLES) {
      expect(it_[name], name).toBeTruthy();
      expect(en[name], name).toBeTruthy();
    }
    expect(it_.total_amount).toBe('1.464,00\u00a0€');
    expect(en.total_amount).toBe('€1,464.00');
    expect(it_.due_date).toBe('01/04/2026');
    expect(en.due_date).toBe('1 Apr 2026');
    expect(it_.days_overdue).toBe('15');
    expect(it_.payment_method).toBe('Bonifico bancario');
    expect(en.payment_method).toBe('Bank transfer');
  });

  it('uses the organization contacts when known, the samples for blank ones', () => {
    const values = sampleValues('it', {
      company: { name: 'Acme S.p.A.', email: ' ', phone: '' },
      origin: 'https://app.test',
    });
    expect(values.company_name).toBe('Acme S.p.A.');
    expect(values.company_email).toBe('info@studiobianchi.example.com');
    expect(values.quote_link).toBe('https://app.test/q/esempio');
  });

  it('gives the final notice a deadline 7 business days after Thursday 16 April', () => {
    expect(sampleValues('it').final_deadline).toBe(formatMailDate('2026-04-27', 'it'));
    expect(sampleValues('en').final_deadline).toBe('27 Apr 2026');
  });

  it('renders every system template without leftovers', () => {
    for (const key of SYSTEM_TEMPLATE_KEYS) {
      for (const lang of ['it', 'en'] as const) {
        const { subject, text } = renderTemplate(SYSTEM_TEMPLATES[key][lang], sampleValues(lang), lang);
        expect(`${subject}${text}`, `${key}/${lang}`).not.toMatch(/\{\{|\}\}/);
        expect(text).toContain('Rossi Costruzioni S.r.l.');
      }
    }
  });
});

type Tree = { [key: string]: string | Tree };
const ROOT = join(import.meta.dirname, '../../../..');

function block(lang: 'it' | 'en'): Map<string, string> {
  const file = JSON.parse(readFileSync(join(ROOT, 'public/locales', lang, 'settings.json'), 'utf8')) as Tree;
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      if (typeof v === 'string') out.set(`${prefix}${k}`, v);
      else walk(v, `${prefix}${k}.`);
    }
  };
  walk({ emailTemplates: file.emailTemplates as Tree, tabs: file.tabs as Tree }, '');
  return out;
}

describe('emailTemplates translations', () => {
  const it_ = block('it');
  const en = block('en');

  it('have the same keys, no empty text and the same placeholders in Italian and English', () => {
    expect([...en.keys()].sort()).toEqual([...it_.keys()].sort());
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of it_) {
      expect(text.trim(), key).not.toBe('');
      expect(names(en.get(key)!), key).toEqual(names(text));
    }
  });

  it('name every category and describe every variable', () => {
    for (const category of TEMPLATE_CATEGORIES)
      expect(en.has(`emailTemplates.categories.${category}`), category).toBe(true);
    for (const name of TEMPLATE_VARIABLES)
      expect(en.has(`emailTemplates.variables.${name}`), name).toBe(true);
  });

  it('contain every key the panel names literally', () => {
    const source = readdirSync(import.meta.dirname)
      .filter((file) => /^email-templates?-.*\.tsx$/.test(file))
      .map((file) => readFileSync(join(import.meta.dirname, file), 'utf8'))
      .join('\n');
    const used = [...source.matchAll(/['"`]settings:((?:emailTemplates|tabs)\.[\w.]+)['"`]/g)].map(
      (m) => m[1]!,
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => !it_.has(key) || !en.has(key))).toEqual([]);
  });
});
