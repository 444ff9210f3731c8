import os from 'node:os';
import path from 'node:path';

/**
 * Where the tests keep a migrated PGlite database (test/global-setup.ts writes it once per migration journal):
 * every in-memory database of createTestApp starts from it instead of running initdb and every migration.
 */
export const TEST_DB_TEMPLATE_DIR = path.join(os.tmpdir(), 'gestionale-test-db-template');
