import { useId, useState, type ReactNode } from 'react';
import { FileUp } from 'lucide-react';
import { IMPORT_FILE_ACCEPT } from '@shared/imports/contracts.ts';
import { cn } from '@web/ui/cn.ts';

/**
 * The file drop zone of every import: click or drop a CSV or XLSX file. The input stays focusable (visually
 * hidden inside its label), so the keyboard and the journeys' setInputFiles reach it.
 */
export function FileDrop({
  file,
  chooseLabel,
  hint,
  sizeText,
  testId,
  disabled,
  onFile,
}: {
  file: File | null;
  chooseLabel: string;
  hint: ReactNode;
  /** "12 KB" for the chosen file, when the screen shows the file before reading it. */
  sizeText?: string;
  testId?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={inputId}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const chosen = e.dataTransfer.files?.[0];
        if (chosen) onFile(chosen);
      }}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        dragging ? 'border-primary bg-primary-soft' : 'border-input bg-surface-muted/50 hover:border-primary',
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-primary" />
      <span className="font-medium text-foreground">{sizeText && file ? file.name : chooseLabel}</span>
      <span className="text-muted-foreground">{sizeText && file ? sizeText : hint}</span>
      <input
        id={inputId}
        type="file"
        accept={IMPORT_FILE_ACCEPT}
        className="sr-only"
        data-testid={testId}
        disabled={disabled}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
    </label>
  );
}
