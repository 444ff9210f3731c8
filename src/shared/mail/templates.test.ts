import { describe, expect, it } from 'vitest';
import {
  COMPATIBILITY_WARNINGS,
  DOCUMENT_TEMPLATE_KEYS,
  SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_VARIABLES,
  compatibilityWarnings,
  renderTemplate,
  variablesOf,
} from './templates.ts';

describe('system templates', () => {
  it('has every system template in Italian and English, named, categorized, using only known variables', () => {
    expect(SYSTEM_TEMPLATE_KEYS).toEqual([...DOCUMENT_TEMPLATE_KEYS, 'professional', 'newsletter']);
    for (const key of SYSTEM_TEMPLATE_KEYS) {
      expect(TEMPLATE_CATEGORIES).toContain(SYSTEM_TEMPLATES[key].category);
      for (const lang of ['it', 'en'] as const) {
        const t = SYSTEM_TEMPLATES[key][lang];
        expect(t.name.trim(), key).not.toBe('');
        expect(t.description.trim(), key).not.toBe('');
        const used = [...`${t.subject} ${t.text} ${t.html ?? ''}`.matchAll(/\{\{(\w+)\}\}/g)].map(
          (m) => m[1],
        );
        expect(used.length).toBeGreaterThan(0);
        for (const name of used) expect(TEMPLATE_VARIABLES).toContain(name);
        expect(compatibilityWarnings(t.html), key).toEqual([]);
      }
    }
  });

  it('offers the spec §9 general templates: professional and newsletter, with an HTML version', () => {
    expect(SYSTEM_TEMPLATES.professional.category).toBe('professional');
    expect(SYSTEM_TEMPLATES.newsletter.category).toBe('newsletter');
    expect(SYSTEM_TEMPLATES.newsletter.en.html).toContain('<h2>');
  });
});

describe('renderTemplate', () => {
  it('fills the variables and keeps unknown placeholders as typed', () => {
    const out = renderTemplate(
      { subject: 'Fattura {{invoice_number}} {{unknown}}', text: 'Gentile {{client_name}}' },
      { invoice_number: '12/2026', client_name: 'Rossi S.r.l.' },
    );
    expect(out).toEqual({ subject: 'Fattura 12/2026 {{unknown}}', text: 'Gentile Rossi S.r.l.', html: null });
  });

  it('writes "Valued Customer" for a client without a name, in the template language', () => {
    const template = {
      subject: 'Hi {{client_name}}',
      text: 'Dear {{client_name}},',
      html: '<p>{{client_name}}</p>',
    };
    expect(renderTemplate(template, { client_name: '  ' }, 'en')).toEqual({
      subject: 'Hi Valued Customer',
      text: 'Dear Valued Customer,',
      html: '<p>Valued Customer</p>',
    });
    expect(renderTemplate(template, {}, 'it').text).toBe('Dear Cliente,');
  });

  it('escapes the values it puts in the HTML, not in the text', () => {
    const out = renderTemplate(
      { subject: '{{company_name}}', text: '{{company_name}}', html: '<p>{{company_name}}</p>' },
      { company_name: 'Rossi & Figli <srl> "R"' },
    );
    expect(out.html).toBe('<p>Rossi &amp; Figli &lt;srl&gt; &quot;R&quot;</p>');
    expect(out.text).toBe('Rossi & Figli <srl> "R"');
    expect(out.subject).toBe('Rossi & Figli <srl> "R"');
  });

  it('the final notice warns of legal action after 7 business days, in both languages', () => {
    const values = { invoice_number: '3/2026', final_deadline: '02/12/2026' };
    expect(renderTemplate(SYSTEM_TEMPLATES.final_notice.en, values, 'en').text).toMatch(
      /within 7 business days \(02\/12\/2026\) we will have to take legal action/,
    );
    expect(renderTemplate(SYSTEM_TEMPLATES.final_notice.it, values).text).toMatch(
      /entro 7 giorni lavorativi \(02\/12\/2026\).*azioni legali/s,
    );
  });

  it('drops the separator of an empty phone in the signature, in the text and in the HTML', () => {
    const values = { company_name: 'Officina Rossi', company_email: 'info@rossi.it', company_phone: '' };
    const out = renderTemplate(SYSTEM_TEMPLATES.invoice_send.en, values, 'en');
    expect(out.text.endsWith('Officina Rossi\ninfo@rossi.it')).toBe(true);
    const html = renderTemplate(SYSTEM_TEMPLATES.professional.en, values, 'en').html!;
    expect(html.endsWith('Officina Rossi<br>info@rossi.it</p>')).toBe(true);
  });
});

describe('variablesOf', () => {
  it('lists the known variables of subject, text and HTML once, in order of appearance', () => {
    expect(
      variablesOf({
        subject: 'Invoice {{invoice_number}}',
        text: '{{client_name}} {{invoice_number}} {{nope}}',
        html: '<p>{{ total_amount }}</p>',
      }),
    ).toEqual(['invoice_number', 'client_name', 'total_amount']);
    expect(variablesOf({ subject: 'x', text: 'y' })).toEqual([]);
  });
});

describe('compatibilityWarnings', () => {
  const [flexboxGrid, externalStylesheet, javascript, videoIframe] = COMPATIBILITY_WARNINGS;

  it('finds nothing in plain e-mail HTML', () => {
    expect(compatibilityWarnings('<table style="width:100%"><tr><td><p>Hello</p></td></tr></table>')).toEqual(
      [],
    );
    expect(compatibilityWarnings(null)).toEqual([]);
    expect(compatibilityWarnings('<p>Display flex is a nice word; so is grid.</p>')).toEqual([]);
  });

  it('warns of flexbox or grid in a style attribute or a <style> element', () => {
    expect(compatibilityWarnings('<div style="display: flex; gap: 4px">a</div>')).toEqual([flexboxGrid]);
    expect(compatibilityWarnings("<div style='display:inline-grid'>a</div>")).toEqual([flexboxGrid]);
    expect(compatibilityWarnings('<style>.a { grid-template-columns: 1fr 1fr }</style>')).toEqual([
      flexboxGrid,
    ]);
  });

  it('warns of external stylesheets: <link rel=stylesheet> or @import', () => {
    expect(compatibilityWarnings('<link rel="stylesheet" href="https://x.test/a.css"><p>a</p>')).toEqual([
      externalStylesheet,
    ]);
    expect(compatibilityWarnings('<style>@import url("https://x.test/a.css");</style>')).toEqual([
      externalStylesheet,
    ]);
  });

  it('warns of JavaScript: <script>, on* attributes and javascript: links', () => {
    expect(compatibilityWarnings('<script>alert(1)</script>')).toEqual([javascript]);
    expect(compatibilityWarnings('<img src="a.png" onerror="alert(1)">')).toEqual([javascript]);
    expect(compatibilityWarnings('<a href="javascript:alert(1)">x</a>')).toEqual([javascript]);
  });

  it('warns of video or iframe: <video>, <iframe>, <embed>, <object>', () => {
    for (const tag of ['video', 'iframe', 'embed', 'object'])
      expect(compatibilityWarnings(`<p>a</p><${tag} src="x"></${tag}>`), tag).toEqual([videoIframe]);
  });

  it('lists every problem once, in the spec order', () => {
    expect(
      compatibilityWarnings(
        '<iframe src="x"></iframe><script></script><div style="display:grid"></div><link rel=stylesheet href=x>',
      ),
    ).toEqual(COMPATIBILITY_WARNINGS);
  });
});
