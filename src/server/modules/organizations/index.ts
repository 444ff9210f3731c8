// What other modules may use of modules/organizations (docs/ARCHITECTURE.md, Layers and imports).
export { notDemoOrganization, organizationOwnerIds, organizationTimeZone } from './repository.ts';
export { createOrganization } from './service.ts';
export { lockOrganization } from './team-repository.ts';
