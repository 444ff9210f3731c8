import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATE_KEYS,
  SYSTEM_EMAIL_TEMPLATES,
  TEMPLATE_VARIABLES,
  renderTemplate,
} from './email-templates.ts';

describe('document e-mail templates', () => {
  it('has every system template in Italian and English, using only known variables', () => {
    for (const key of EMAIL_TEMPLATE_KEYS) {
      for (const lang of ['it', 'en'] as const) {
        const t = SYSTEM_EMAIL_TEMPLATES[key][lang];
        const used = [...`${t.subject} ${t.text}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        expect(used.length).toBeGreaterThan(0);
        for (const name of used) expect(TEMPLATE_VARIABLES).toContain(name);
      }
    }
  });

  it('fills the variables and keeps unknown placeholders as typed', () => {
    const out = renderTemplate(
      { subject: 'Fattura {{invoice_number}} {{unknown}}', text: 'Gentile {{client_name}}' },
      { invoice_number: '12/2026', client_name: 'Rossi S.r.l.' },
    );
    expect(out).toEqual({ subject: 'Fattura 12/2026 {{unknown}}', text: 'Gentile Rossi S.r.l.' });
  });

  it('the final notice warns of legal action after 7 business days, in both languages', () => {
    const values = { invoice_number: '3/2026', final_deadline: '02/12/2026' };
    expect(renderTemplate(SYSTEM_EMAIL_TEMPLATES.final_notice.en, values).text).toMatch(
      /within 7 business days \(02\/12\/2026\) we will have to take legal action/,
    );
    expect(renderTemplate(SYSTEM_EMAIL_TEMPLATES.final_notice.it, values).text).toMatch(
      /entro 7 giorni lavorativi \(02\/12\/2026\).*azioni legali/s,
    );
  });

  it('drops the separator of an empty phone in the signature', () => {
    const out = renderTemplate(SYSTEM_EMAIL_TEMPLATES.invoice_send.en, {
      company_name: 'Officina Rossi',
      company_email: 'info@rossi.it',
      company_phone: '',
    });
    expect(out.text.endsWith('Officina Rossi\ninfo@rossi.it')).toBe(true);
  });
});
