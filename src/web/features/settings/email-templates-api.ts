import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateKey } from '@shared/invoicing/email-templates.ts';
import { api } from '@web/app/api.ts';
import type { EmailTemplateItem, TemplateDraft, TemplateLanguage } from './email-template-editing.ts';

/** One template of the list: a key in one language. */
export type TemplateTarget = { key: EmailTemplateKey; language: TemplateLanguage };

const templatesKey = (orgId: string | null) => ['email-templates', orgId] as const;

export function useEmailTemplates(orgId: string | null) {
  return useQuery({
    queryKey: templatesKey(orgId),
    queryFn: ({ signal }) =>
      api<{ items: EmailTemplateItem[] }>('/api/v1/email-templates', { signal }).then((r) => r.items),
    enabled: !!orgId,
  });
}

/** PUT (save) or POST …/reset (the system text back); the answer replaces the row in the cached list. */
export function useTemplateChange(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, draft }: { target: TemplateTarget; draft: TemplateDraft | null }) => {
      const path = `/api/v1/email-templates/${target.key}/${target.language}`;
      return draft
        ? api<EmailTemplateItem>(path, { method: 'PUT', body: draft })
        : api<EmailTemplateItem>(`${path}/reset`, { method: 'POST' });
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<EmailTemplateItem[]>(templatesKey(orgId), (items) =>
        items?.map((i) => (i.key === saved.key && i.language === saved.language ? saved : i)),
      ),
  });
}

export const findTemplate = (items: EmailTemplateItem[], { key, language }: TemplateTarget) =>
  items.find((i) => i.key === key && i.language === language);
