import { Check } from 'lucide-react';
import { cn } from '@web/ui/cn.ts';
import { IMPORT_STEPS, type ImportStep } from './import-flow-state.ts';

export interface StepLabel {
  step: ImportStep;
  label: string;
}

const order = (step: ImportStep) => IMPORT_STEPS.indexOf(step);

/**
 * Where the person is in the import. A step the screen does not list (the bank import has no "importing")
 * shows the listed step before it as current; "done" unlisted shows every step as done.
 */
export function ImportStepper({
  steps,
  current,
  label,
}: {
  steps: readonly StepLabel[];
  current: ImportStep;
  label: string;
}) {
  const listed = steps.some((s) => s.step === current);
  const shown =
    listed || current === 'done'
      ? current
      : ([...steps].reverse().find((s) => order(s.step) < order(current))?.step ?? current);
  return (
    <ol className="mb-5 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={label}>
      {steps.map(({ step, label: name }, i) => {
        const state =
          order(step) < order(shown) || (!listed && current === 'done')
            ? 'done'
            : step === shown
              ? 'current'
              : 'todo';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2',
              state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 items-center justify-center rounded-full text-xs',
                state === 'todo' ? 'bg-surface-muted' : 'bg-primary text-primary-foreground',
              )}
            >
              {state === 'done' ? <Check className="size-3.5" /> : i + 1}
            </span>
            {name}
          </li>
        );
      })}
    </ol>
  );
}
