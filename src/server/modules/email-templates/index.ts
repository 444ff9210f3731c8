// What other modules may use of modules/email-templates (docs/ARCHITECTURE.md, Layers and imports).
export { renderEmailTemplate, replaceSystemVersions, systemVersionsOf, templateFor } from './service.ts';
