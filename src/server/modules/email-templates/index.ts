// What other modules may use of modules/email-templates (docs/ARCHITECTURE.md, Layers and imports).
export { templateFor } from './service.ts';
