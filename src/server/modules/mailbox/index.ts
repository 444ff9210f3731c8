// What other modules may use of modules/mailbox (docs/ARCHITECTURE.md, Layers and imports).
export { clientMessages as clientMailMessages } from './messages-repository.ts';
export { listAccounts as listMailAccounts, findAccount as findMailAccount } from './accounts-repository.ts';
export { queueAccountMail, type ComposeDeps } from './compose-service.ts';
export { deliveryFromRow } from './outgoing-repository.ts';
export { openSmtp } from './smtp-client.ts';
export { domainOf } from './analysis/domains.ts';
export type { MailedXmlFile } from './pec/xml-files.ts';
export { attachmentFile as mailAttachmentFile } from './attachments-service.ts';
export { findFolder as findMailFolder } from './folders-repository.ts';
export type { AttachedFile } from './pec/xml-files.ts';
