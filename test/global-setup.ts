import fs from 'node:fs';
import { templateFileIn, writePgliteTemplate } from '../src/server/platform/db.ts';
import { TEST_DB_TEMPLATE_DIR } from './helpers/db-template.ts';

/** Vitest's global setup: the migrated database template of createTestApp, unless one of these migrations exists. */
export default async function setup() {
  const file = templateFileIn(TEST_DB_TEMPLATE_DIR);
  if (!fs.existsSync(file)) await writePgliteTemplate(file);
}
