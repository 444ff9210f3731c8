import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXml, validateXmlFiles } from './xml-schema.ts';

const SDI_EXAMPLES = path.resolve(import.meta.dirname, '../../../test/fixtures/fatturapa/sdi-messages');

describe('validateXml against the SDI messages schema (MessaggiTypes v1.1, offline)', () => {
  it('accepts every official example notification', async () => {
    const names = (await readdir(SDI_EXAMPLES)).filter((n) => n.endsWith('.xml'));
    expect(names).toHaveLength(9);
    const files = await Promise.all(
      names.map(async (fileName) => ({
        fileName,
        contents: await readFile(path.join(SDI_EXAMPLES, fileName)),
      })),
    );
    const results = await validateXmlFiles('sdi-messages', files);
    for (const name of names) expect(results[name], name).toEqual({ valid: true, errors: [] });
  });

  it('rejects a notification missing a required element', async () => {
    const xml = (await readFile(path.join(SDI_EXAMPLES, 'IT01234567890_11111_RC_001.xml'), 'utf8')).replace(
      /<NomeFile>[^<]*<\/NomeFile>/,
      '',
    );
    const result = await validateXml('sdi-messages', xml, 'rc.xml');
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/rc\.xml:\d+: .*(NomeFile|DataOraRicezione)/);
  });

  it('does not take an invoice for a notification', async () => {
    const invoice =
      '<?xml version="1.0"?><p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"/>';
    expect((await validateXml('sdi-messages', invoice)).valid).toBe(false);
  });
});
