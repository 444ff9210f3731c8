import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TMessageSummary } from '@shared/mailbox/contracts.ts';
import { parseMessage, type ParsedMessage } from '../ingest/parse-message.ts';
import { messageSummary, storeMessage } from '../ingest/store-message.ts';
import { claimOwnCopy, ownCopiesAmong } from '../outgoing-repository.ts';
import { attachedFilesIn, xmlFilesIn, type AttachedFile, type MailedXmlFile } from '../pec/xml-files.ts';
import { flagColumns, splitLabels } from './flags.ts';
import { takeVanished } from './moved-elsewhere.ts';
import type { SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/** A batch's sources are fetched together up to this many bytes (a 30 MB message goes alone). */
const BATCH_BYTES = 20 * 1024 * 1024;

type Position = { uidNext?: number; backfillBelowUid?: number; backfillDone?: boolean };

type Fetched = { uid: number; flags: Set<string>; internalDate: Date; modseq: string | null; raw: Buffer };

/**
 * Fetches and stores the messages with these UIDs (issue 15), in sub-batches bounded by size and by the run's
 * transactionSize, each in one transaction with the folder's new position. UIDs already stored (a move replayed by us, a resumed batch) are
 * skipped. Answers the summaries of the messages stored.
 */
export async function storeBatch(
  run: SyncRun,
  folder: repo.SyncFolderRow,
  uids: number[],
  position: Position,
): Promise<TMessageSummary[]> {
  const summaries: TMessageSummary[] = [];
  /** Messages moved here by another client from where they vanished this run: their rows follow. */
  const relocated: { id: string; from: string; updates: Partial<TMessageSummary> }[] = [];
  /** Calendar replies among the new messages, applied once their batch is committed. */
  const replies: { from: string | null; ics: string; receivedAt: Date }[] = [];
  /** XML files of the new messages (the SDI's answers), handed over once their batch is committed. */
  const mailedXml: { files: MailedXmlFile[]; receivedAt: Date; messageRowId: string }[] = [];
  /** Attached files of the new messages, for a folder that imports them into documents. */
  const newAttachments: { messageRowId: string; files: AttachedFile[] }[] = [];
  const groups = await sizeGroups(run, uids);
  for (const [index, group] of groups.entries()) {
    const fetched = await fetchSources(run, group);
    const parsed: ParsedMessage[] = [];
    for (const f of fetched) {
      // Parsing is the sync's processor work, on the server's one thread: the requests of the people using the
      // app meanwhile are answered between two messages, not after fifty, and before the next one is parsed.
      await nextTurn();
      await run.giveWay();
      parsed.push(await parseMessage(f.raw));
    }
    const lastGroup = index === groups.length - 1;
    await run.giveWay();
    await run.db.transaction(async (tx) => {
      const present = new Set(
        (
          await repo.messagesByUid(
            tx,
            folder.id,
            fetched.map((f) => f.uid),
          )
        ).map((r) => r.uid),
      );
      const ownCopies = await ownCopiesAmong(
        tx,
        run.ctx.scope,
        folder.id,
        parsed.map((p) => p.mail.messageId),
      );
      for (const [i, f] of fetched.entries()) {
        if (present.has(f.uid)) continue;
        await run.giveWay(true);
        const moved = takeVanished(run, parsed[i]!.mail.messageId);
        if (moved) {
          const columns = flagColumns(f.flags);
          const split = splitLabels(columns.keywords, run.labels);
          const next = { ...columns, ...split };
          await repo.relocateMessage(
            tx,
            moved.id,
            { folderId: folder.id, uid: f.uid, modseq: f.modseq },
            next,
          );
          relocated.push({
            id: moved.id,
            from: moved.folderId,
            updates: {
              folderId: folder.id,
              isRead: next.isRead,
              isStarred: next.isStarred,
              isImportant: next.isImportant,
              isDraft: next.isDraft,
              labelIds: next.labelIds,
            },
          });
          continue;
        }
        // Our own copy of mail sent from here, waiting for its UID: it becomes this message.
        const ownCopy = ownCopies.get(parsed[i]!.mail.messageId ?? '');
        if (ownCopy) {
          await claimOwnCopy(tx, ownCopy, { uid: f.uid, modseq: f.modseq });
          continue;
        }
        // Keywords that are the owner's labels come in as those labels.
        const { keywords: flags, labelIds } = splitLabels([...f.flags], run.labels);
        const row = await storeMessage(
          { db: tx, files: run.deps.files, analyze: run.deps.analyze },
          {
            scope: run.ctx.scope,
            folder: { id: folder.id, accountId: run.accountId },
            raw: f.raw,
            parsed: parsed[i],
            flags,
            labelIds,
            uid: f.uid,
            modseq: f.modseq,
            receivedAt: f.internalDate,
          },
        );
        summaries.push(messageSummary(row));
        if (run.deps.calendarReply) replies.push(...calendarRepliesIn(parsed[i]!, f.internalDate));
        if (run.deps.xmlFiles) {
          const files = xmlFilesIn(parsed[i]!);
          if (files.length > 0) mailedXml.push({ files, receivedAt: f.internalDate, messageRowId: row.id });
        }
        // New mail only (not the backfill of older mail): a folder may import its attachments into documents.
        if (run.deps.newAttachments && position.backfillBelowUid === undefined) {
          const files = attachedFilesIn(parsed[i]!);
          if (files.length > 0) newAttachments.push({ messageRowId: row.id, files });
        }
      }
      const groupLow = Math.min(...group);
      await repo.updateFolder(
        tx,
        folder.id,
        position.backfillBelowUid !== undefined
          ? {
              backfillBelowUid: lastGroup ? position.backfillBelowUid : groupLow,
              backfillDone: lastGroup ? !!position.backfillDone : false,
            }
          : { uidNext: Math.max(...group) + 1 },
      );
    });
    run.progress.stored += fetched.length;
    await run.noteStored(fetched.length);
  }
  for (const reply of replies) {
    await run.deps.calendarReply!({ orgId: run.ctx.scope.orgId, ...reply }).catch((err: unknown) =>
      run.deps.log?.warn({ err }, 'a calendar reply could not be applied'),
    );
  }
  if (newAttachments.length > 0) {
    await run.deps.newAttachments!({ ...run.ctx.scope, folderId: folder.id, messages: newAttachments }).catch(
      (err: unknown) => run.deps.log?.warn({ err }, 'the attachments of new mail could not be imported'),
    );
  }
  for (const mailed of mailedXml) {
    await run.deps.xmlFiles!({ ...run.ctx.scope, accountId: run.accountId, ...mailed }).catch(
      (err: unknown) => run.deps.log?.warn({ err }, 'the XML files of a message could not be read'),
    );
  }
  for (const r of relocated)
    await run.ctx.publish({ type: 'email:updated', emailId: r.id, updates: r.updates });
  for (const from of new Set(relocated.map((r) => r.from))) await run.publishCounts(from);
  if (groups.length === 0) {
    // Every message of the batch vanished meanwhile: the position still moves on.
    await repo.updateFolder(
      run.db,
      folder.id,
      position.backfillBelowUid !== undefined
        ? { backfillBelowUid: position.backfillBelowUid, backfillDone: !!position.backfillDone }
        : { uidNext: position.uidNext },
    );
  }
  return summaries;
}

/** The UIDs in the order asked, cut into groups by their RFC822.SIZE (cutGroups). */
async function sizeGroups(run: SyncRun, uids: number[]): Promise<number[][]> {
  const sizes: { uid: number; size: number }[] = [];
  for await (const msg of run.client.fetch(uids.join(','), { uid: true, size: true }, { uid: true })) {
    sizes.push({ uid: msg.uid, size: msg.size ?? 0 });
  }
  run.ensureConnected();
  sizes.sort((a, b) => uids.indexOf(a.uid) - uids.indexOf(b.uid));
  return cutGroups(sizes, { bytes: BATCH_BYTES, messages: run.transactionSize });
}

/** Consecutive groups of at most `limits.bytes` (one larger message goes alone) and `limits.messages`. */
export function cutGroups(
  sizes: { uid: number; size: number }[],
  limits: { bytes: number; messages: number },
): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  for (const { uid, size } of sizes) {
    if (current.length && (bytes + size > limits.bytes || current.length >= limits.messages)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(uid);
    bytes += size;
  }
  if (current.length) groups.push(current);
  return groups;
}

/** The sources, flags and dates of one group, in the order asked (newest first for the backfill). */
async function fetchSources(run: SyncRun, group: number[]): Promise<Fetched[]> {
  const fetched: Fetched[] = [];
  for await (const msg of run.client.fetch(
    group.join(','),
    { uid: true, flags: true, internalDate: true, source: true },
    { uid: true },
  )) {
    if (!msg.source) continue;
    const date = msg.internalDate ? new Date(msg.internalDate) : new Date();
    fetched.push({
      uid: msg.uid,
      flags: msg.flags ?? new Set(),
      internalDate: Number.isNaN(date.getTime()) ? new Date() : date,
      modseq: msg.modseq?.toString() ?? null,
      raw: msg.source,
    });
  }
  run.ensureConnected();
  fetched.sort((a, b) => group.indexOf(a.uid) - group.indexOf(b.uid));
  return fetched;
}

/** The iCalendar parts of a message that may be a REPLY (the calendar decides), with its sender. */
function calendarRepliesIn(parsed: ParsedMessage, receivedAt: Date) {
  return parsed.attachments
    .filter((a) => a.contentType.startsWith('text/calendar') || /\.ics$/i.test(a.filename))
    .filter((a) => a.size <= 256 * 1024)
    .map((a) => a.content.toString('utf8'))
    .filter((ics) => /^METHOD:REPLY/im.test(ics))
    .map((ics) => ({ from: parsed.mail.from?.address ?? null, ics, receivedAt }));
}
