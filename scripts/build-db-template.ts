// Writes the migrated empty PGlite folder that a fresh DATA_DIR starts from (see writePgliteTemplate).
import { loadConfig } from '../src/server/platform/config.ts';
import { writePgliteTemplate } from '../src/server/platform/db.ts';

const file = loadConfig().dbTemplateFile;
await writePgliteTemplate(file);
console.log(`[build] database template written to ${file}`);
