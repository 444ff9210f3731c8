import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  ZDocumentUpdate,
  type TDocument,
  type TDocumentTag,
} from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Field } from '@web/ui/field.tsx';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { toast } from '@web/ui/toast.ts';
import { CorrespondentPicker } from './correspondent-picker.tsx';
import { useUpdateDocument, type Correspondent } from './documents-api.ts';
import { documentFieldText } from './field-error.ts';
import { TagPicker } from './tag-picker.tsx';

/** The key that remounts the form when the server's filing changes (a suggestion applied, a rule, a reload). */
export function filingKey(doc: TDocument): string {
  return [
    doc.id,
    doc.title,
    doc.documentType,
    doc.documentDate,
    doc.correspondent?.id,
    doc.tags.map((tag) => tag.id).join(','),
  ].join('|');
}

/** Title, type, date, correspondent and tags of a document, saved together (PATCH). */
export function FilingForm({
  doc,
  tags,
  canManage,
}: {
  doc: TDocument;
  tags: TDocumentTag[];
  canManage: boolean;
}) {
  const { t } = useTranslation(['documents', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const save = useUpdateDocument(orgId, doc.id);
  const [title, setTitle] = useState(doc.title);
  const [type, setType] = useState(doc.documentType);
  const [date, setDate] = useState(doc.documentDate ?? '');
  const [correspondent, setCorrespondent] = useState<Correspondent | null>(doc.correspondent);
  const [tagIds, setTagIds] = useState(doc.tags.map((tag) => tag.id));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const dirty =
    title !== doc.title ||
    type !== doc.documentType ||
    date !== (doc.documentDate ?? '') ||
    correspondent?.id !== doc.correspondent?.id ||
    tagIds.join() !== doc.tags.map((tag) => tag.id).join();

  const submit = () => {
    const parsed = ZDocumentUpdate.safeParse({
      title,
      documentType: type,
      documentDate: date || null,
      correspondent: correspondent ? { kind: correspondent.kind, id: correspondent.id } : null,
      tagIds,
    });
    if (!parsed.success) {
      const next: Record<string, string | undefined> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] ??= documentFieldText(issue.message, t);
      setErrors(next);
      toast.error(t('documents:filing.invalid'));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('documents:filing.saved')),
      onError: (error) => toast.error(apiErrorMessage(error, t)),
    });
  };

  return (
    <Card>
      <CardHeader title={t('documents:filing.title')} />
      <form
        noValidate
        className="grid gap-4 px-5 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={!canManage} className="grid min-w-0 gap-4">
          <InputField
            label={t('documents:filing.titleField')}
            required
            value={title}
            maxLength={DOCUMENT_TITLE_MAX}
            error={errors.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('documents:filing.type')}
              value={type}
              onChange={(e) => setType(e.target.value as TDocument['documentType'])}
            >
              <ChoiceOptions values={DOCUMENT_TYPES} label={(v) => t(`documents:types.${v}`)} />
            </SelectField>
            <InputField
              label={t('documents:filing.date')}
              type="date"
              value={date}
              error={errors.documentDate}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <Field label={t('documents:filing.correspondent')}>
            {(props) => (
              <CorrespondentPicker controlProps={props} value={correspondent} onChange={setCorrespondent} />
            )}
          </Field>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium text-foreground">{t('documents:filing.tags')}</span>
            <TagPicker all={tags} value={tagIds} onChange={setTagIds} disabled={!canManage} />
          </div>
        </fieldset>
        {canManage ? (
          <div className="flex justify-end gap-2 border-t border-border pt-4">
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('buttons:save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
