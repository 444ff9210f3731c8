import type { z } from 'zod';
import type { TDocumentTag, TRule, TRuleInput, ZTagInput } from '@shared/documents/contracts.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import { AppError, violatedUniqueConstraint } from '../../platform/errors.ts';
import { recordExists } from './records-repository.ts';
import * as repo from './repository.ts';
import type { DocumentDeps } from './service.ts';
import { validRegex } from './suggest.ts';
import * as tagsRepo from './tags-rules-repository.ts';

/** Tags with colours and matching rules of the organization's documents (issue 17). */

type TagInput = z.output<typeof ZTagInput>;
const validation = (path: string, key: string) => new AppError('VALIDATION_ERROR', [{ path, message: key }]);
const assertId = (id: string) => {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
};

const toTag = (row: tagsRepo.TagRow): TDocumentTag => ({
  id: row.id,
  name: row.name,
  color: row.color as TDocumentTag['color'],
});

export async function listTags(deps: DocumentDeps, orgId: string): Promise<TDocumentTag[]> {
  return (await tagsRepo.listTagRows(deps.db, orgId)).map(toTag);
}

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (violatedUniqueConstraint(err) !== undefined)
      throw validation('name', 'documents.errors.tagNameTaken');
    throw err;
  }
}

export async function createTag(deps: DocumentDeps, orgId: string, input: TagInput): Promise<TDocumentTag> {
  return toTag(await nameTaken(() => tagsRepo.insertTag(deps.db, orgId, input)));
}

export async function updateTag(
  deps: DocumentDeps,
  orgId: string,
  id: string,
  input: TagInput,
): Promise<TDocumentTag> {
  assertId(id);
  const row = await nameTaken(() => tagsRepo.updateTagRow(deps.db, orgId, id, input));
  if (!row) throw new AppError('NOT_FOUND');
  // The search finds documents by their tags' names.
  await repo.refreshSearchExtra(deps.db, await tagsRepo.taggedDocumentIds(deps.db, id));
  return toTag(row);
}

export async function deleteTag(deps: DocumentDeps, orgId: string, id: string): Promise<void> {
  assertId(id);
  const tagged = await tagsRepo.taggedDocumentIds(deps.db, id);
  if (!(await tagsRepo.deleteTagRow(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
  await repo.refreshSearchExtra(deps.db, tagged);
}

// ---------------------------------------------------------------- rules

export async function listRules(deps: DocumentDeps, orgId: string): Promise<TRule[]> {
  const rows = await tagsRepo.listRuleRows(deps.db, orgId);
  return rows.map(({ rule, clientName, clientFullName, supplierName }) => ({
    id: rule.id,
    name: rule.name,
    algorithm: rule.algorithm as TRule['algorithm'],
    pattern: rule.pattern,
    caseSensitive: rule.caseSensitive,
    assignType: rule.assignType as TRule['assignType'],
    assignTagIds: rule.assignTagIds,
    assignCorrespondent: rule.assignClientId
      ? { kind: 'client', id: rule.assignClientId, name: clientName ?? clientFullName ?? '' }
      : rule.assignSupplierId
        ? { kind: 'supplier', id: rule.assignSupplierId, name: supplierName ?? '' }
        : null,
    position: rule.position,
  }));
}

async function ruleValues(
  deps: DocumentDeps,
  orgId: string,
  input: TRuleInput,
): Promise<tagsRepo.RuleValues> {
  if (input.algorithm === 'regex' && !validRegex(input.pattern)) {
    throw validation('pattern', 'documents.errors.ruleRegexInvalid');
  }
  const tags = [...new Set(input.assignTagIds)];
  if ((await repo.ownTagIds(deps.db, orgId, tags)).length !== tags.length) {
    throw validation('assignTagIds', 'documents.errors.tagUnknown');
  }
  const c = input.assignCorrespondent;
  if (c && !(await recordExists(deps.db, orgId, c.kind, c.id))) {
    throw validation('assignCorrespondent', 'documents.errors.correspondentUnknown');
  }
  return {
    name: input.name,
    algorithm: input.algorithm,
    pattern: input.pattern,
    caseSensitive: input.caseSensitive,
    assignType: input.assignType,
    assignTagIds: tags,
    assignClientId: c?.kind === 'client' ? c.id : null,
    assignSupplierId: c?.kind === 'supplier' ? c.id : null,
  };
}

const ruleById = async (deps: DocumentDeps, orgId: string, id: string) =>
  (await listRules(deps, orgId)).find((r) => r.id === id)!;

export async function createRule(deps: DocumentDeps, orgId: string, input: TRuleInput): Promise<TRule> {
  const id = await tagsRepo.insertRule(deps.db, orgId, await ruleValues(deps, orgId, input));
  return ruleById(deps, orgId, id);
}

export async function updateRule(
  deps: DocumentDeps,
  orgId: string,
  id: string,
  input: TRuleInput,
): Promise<TRule> {
  assertId(id);
  const values = await ruleValues(deps, orgId, input);
  if (!(await tagsRepo.updateRuleRow(deps.db, orgId, id, values))) throw new AppError('NOT_FOUND');
  return ruleById(deps, orgId, id);
}

export async function deleteRule(deps: DocumentDeps, orgId: string, id: string): Promise<void> {
  assertId(id);
  if (!(await tagsRepo.deleteRuleRow(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
}
