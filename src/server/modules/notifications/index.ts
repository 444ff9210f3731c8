// What other modules may use of modules/notifications (docs/ARCHITECTURE.md, Layers and imports).
export { notifyOrganization, notifyUser, unreadNotificationCount } from './service.ts';
