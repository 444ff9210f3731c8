// What other modules may use of modules/security (docs/ARCHITECTURE.md, Layers and imports).
export { deleteUserSessions } from './sessions-repository.ts';
export { announceRevoked } from './sessions-service.ts';
