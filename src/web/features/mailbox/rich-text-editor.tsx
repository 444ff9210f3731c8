import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, List, ListOrdered, Quote, Redo2, Underline, Undo2 } from 'lucide-react';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';

/**
 * The composer's rich text (TipTap, issue 16): paragraphs, bold, italic, underline, lists, quotes and links, with a
 * small toolbar. It edits HTML; the server makes the plain-text alternative and sanitizes what it sends.
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
  invalid,
  describedBy,
}: {
  initialHtml: string;
  onChange: (html: string, text: string) => void;
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class:
          'prose-mail min-h-48 px-3 py-2 text-sm text-foreground focus:outline-none [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p]:my-1 [&_a]:text-primary [&_a]:underline',
        'data-testid': 'compose-body',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.getText({ blockSeparator: '\n\n' })),
  });
  return (
    <div
      className={cn(
        'rounded-md border bg-surface focus-within:ring-2 focus-within:ring-primary',
        invalid ? 'border-danger' : 'border-input',
      )}
    >
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation(['mailbox']);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools = [
    { key: 'bold', icon: Bold, active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', icon: Italic, active: state.italic, run: () => chain().toggleItalic().run() },
    {
      key: 'underline',
      icon: Underline,
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    { key: 'bulletList', icon: List, active: state.bulletList, run: () => chain().toggleBulletList().run() },
    {
      key: 'orderedList',
      icon: ListOrdered,
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: 'quote', icon: Quote, active: state.blockquote, run: () => chain().toggleBlockquote().run() },
  ] as const;
  return (
    <div
      role="toolbar"
      aria-label={t('mailbox:compose.formatting')}
      className="flex flex-wrap gap-0.5 border-b border-border p-1"
    >
      {tools.map(({ key, icon: Icon, active, run }) => (
        <Button
          key={key}
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-pressed={active}
          aria-label={t(`mailbox:compose.format.${key}`)}
          title={t(`mailbox:compose.format.${key}`)}
          onClick={run}
          className={cn(active && 'bg-surface-muted text-primary')}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
      <span className="mx-1 h-5 w-px self-center bg-border" aria-hidden="true" />
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={t('mailbox:compose.format.undo')}
        title={t('mailbox:compose.format.undo')}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      >
        <Undo2 aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={t('mailbox:compose.format.redo')}
        title={t('mailbox:compose.format.redo')}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <Redo2 aria-hidden="true" />
      </Button>
    </div>
  );
}
