// What other modules may use of modules/invoicing (docs/ARCHITECTURE.md, Layers and imports).
export { nextDocumentNumber } from './repository.ts';
