import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security.ts';

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, exactly as the browser does', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
    const body = "\n      document.documentElement.classList.add('dark');\n    ";
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<head><script>${body}</script><script type="module" src="/assets/a.js"></script></head>`,
    );
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(path.join(dir, 'index.html'))).toEqual([expected]);
    expect(inlineScriptHashes(path.join(dir, 'missing.html'))).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});
