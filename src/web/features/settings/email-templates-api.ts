import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRenderedTemplate, TTemplateRenderInput } from '@shared/mail/template-contracts.ts';
import { api } from '@web/app/api.ts';
import type { EmailTemplateItem, TemplateDraft, TemplateTarget } from './email-template-editing.ts';

/** The e-mail templates (issue 16): the user's own and the system ones, for Settings and the composer. */
const templatesKey = (orgId: string | null) => ['email-templates', orgId] as const;

export function useEmailTemplates(orgId: string | null) {
  return useQuery({
    queryKey: templatesKey(orgId),
    queryFn: ({ signal }) =>
      api<{ items: EmailTemplateItem[] }>('/api/v1/email-templates', { signal }).then((r) => r.items),
    enabled: !!orgId,
  });
}

const trimmed = (draft: TemplateDraft) => ({
  name: draft.name.trim(),
  description: draft.description.trim(),
  category: draft.category,
  language: draft.language,
  subject: draft.subject.trim(),
  contentText: draft.contentText.trim(),
  contentHtml: draft.contentHtml.trim() || null,
});

export type TemplateChange =
  | { kind: 'create'; draft: TemplateDraft }
  | { kind: 'save'; target: TemplateTarget; draft: TemplateDraft }
  | { kind: 'reset'; target: TemplateTarget };

/**
 * POST (a new own template), PUT (save) or POST …/reset (the system text back). The answer replaces its row in the
 * cached list, or is added to it; its warnings are those of what was typed.
 */
export function useTemplateChange(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TemplateChange) => {
      if (change.kind === 'create')
        return api<EmailTemplateItem>('/api/v1/email-templates', {
          method: 'POST',
          body: trimmed(change.draft),
        });
      const path = `/api/v1/email-templates/${encodeURIComponent(change.target.id)}`;
      return change.kind === 'save'
        ? api<EmailTemplateItem>(path, { method: 'PUT', body: trimmed(change.draft) })
        : api<EmailTemplateItem>(`${path}/reset`, {
            method: 'POST',
            body: { language: change.target.language },
          });
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<EmailTemplateItem[]>(templatesKey(orgId), (items) => {
        if (!items) return items;
        const same = (i: EmailTemplateItem) =>
          i.id === saved.id && (!i.isSystem || i.language === saved.language);
        return items.some(same) ? items.map((i) => (same(i) ? saved : i)) : [...items, saved];
      }),
  });
}

/** Deletes an own template (system ones are never deleted: the server answers 409). */
export function useDeleteTemplate(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/v1/email-templates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_void, id) =>
      queryClient.setQueryData<EmailTemplateItem[]>(templatesKey(orgId), (items) =>
        items?.filter((i) => i.id !== id),
      ),
  });
}

/** The template rendered by the server with the business profile and the chosen client, invoice or quote. */
export function useRenderTemplate() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TTemplateRenderInput }) =>
      api<TRenderedTemplate>(`/api/v1/email-templates/${encodeURIComponent(id)}/render`, {
        method: 'POST',
        body: input,
      }),
  });
}
