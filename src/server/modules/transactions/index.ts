// What other modules may use of modules/transactions (docs/ARCHITECTURE.md, Layers and imports).
export { findCategoryByName } from './repository.ts';
export { hasAnyCategory, insertDefaultCategories, insertTransaction } from './repository.ts';
export { createTransaction } from './service.ts';
