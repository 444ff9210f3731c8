// What other modules may use of modules/mailbox (docs/ARCHITECTURE.md, Layers and imports).
export { clientMessages as clientMailMessages } from './messages-repository.ts';
