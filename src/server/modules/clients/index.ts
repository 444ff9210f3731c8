// What other modules may use of modules/clients (docs/ARCHITECTURE.md, Layers and imports).
export { type ClientRow, findClient } from './repository.ts';
