import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FATTURAPA_REFERENCE_DIR,
  readFatturaPaReference,
  validateFatturaPaFiles,
  validateFatturaPaXml,
} from './fatturapa-validate.ts';

describe('validateFatturaPaXml (official schema v1.2.2, offline)', () => {
  it('finds the schema fixtures in the project (a fresh clone has them)', () => {
    expect(FATTURAPA_REFERENCE_DIR).toMatch(/test[\\/]fixtures[\\/]fatturapa$/);
    expect(existsSync(FATTURAPA_REFERENCE_DIR)).toBe(true);
  });

  it.each(['FPA01', 'FPA03', 'FPR01', 'FPR02', 'FPR03'])('accepts the official example %s', async (name) => {
    const xml = await readFatturaPaReference(`examples/IT01234567890_${name}.xml`);
    const result = await validateFatturaPaXml(xml, `${name}.xml`);
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('rejects the official example FPA02 (DataScadenzaPagamento 2017-02-30 is not a date)', async () => {
    const xml = await readFatturaPaReference('examples/IT01234567890_FPA02.xml');
    const result = await validateFatturaPaXml(xml, 'FPA02.xml');
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^FPA02\.xml:131: .*DataScadenzaPagamento.*2017-02-30/);
  });

  it('judges each file of a batch on its own', async () => {
    const [valid, invalid] = await Promise.all([
      readFatturaPaReference('examples/IT01234567890_FPR01.xml'),
      readFatturaPaReference('examples/IT01234567890_FPA02.xml'),
    ]);
    const results = await validateFatturaPaFiles([
      { fileName: 'a.xml', contents: valid },
      { fileName: 'b.xml', contents: invalid },
      { fileName: 'c.xml', contents: valid },
    ]);
    expect(results['a.xml']).toEqual({ valid: true, errors: [] });
    expect(results['c.xml']).toEqual({ valid: true, errors: [] });
    expect(results['b.xml']?.valid).toBe(false);
    expect(results['b.xml']?.errors).toEqual([expect.stringMatching(/^b\.xml:131: .*2017-02-30/)]);
  });

  it('rejects a document of another namespace', async () => {
    const result = await validateFatturaPaXml('<?xml version="1.0"?><FatturaElettronica/>');
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/No matching global declaration/);
  });

  it('reports a missing reference file clearly', async () => {
    await expect(readFatturaPaReference('no-such-file.xsd')).rejects.toThrow(/reference file missing/);
  });
});
