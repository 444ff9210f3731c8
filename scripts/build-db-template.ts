// Writes the migrated empty PGlite folder that a fresh DATA_DIR starts from (see writePgliteTemplate).
import { loadConfig } from '../src/server/platform/config.ts';
import { templateFileIn, writePgliteTemplate } from '../src/server/platform/db.ts';

const file = templateFileIn(loadConfig().dbTemplateDir);
await writePgliteTemplate(file);
console.log(`[build] database template written to ${file}`);
