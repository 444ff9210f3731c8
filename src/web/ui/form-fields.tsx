import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn.ts';
import { Field } from './field.tsx';
import { Input, Select, Textarea } from './input.tsx';

/**
 * What a `Field` says around its control: the label, a hint, the error, and whether it is required or optional.
 * `className` lays out the field; `controlClassName` styles the control.
 */
export interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  optionalText?: string;
  className?: string;
  controlClassName?: string;
}

type Framed<Attributes> = FieldFrame & Omit<Attributes, 'className' | 'required'>;

/**
 * A `Field` with an input: the control's attributes (and `form.register('x')`) are given straight, so a form
 * reads `<InputField label={…} error={…} autoComplete="email" {...register('email')} />`.
 */
export const InputField = forwardRef<HTMLInputElement, Framed<InputHTMLAttributes<HTMLInputElement>>>(
  function InputField(
    { label, hint, error, required, optionalText, className, controlClassName, ...input },
    ref,
  ) {
    return (
      <Field {...{ label, hint, error, required, optionalText, className }}>
        {(props) => <Input {...props} className={controlClassName} ref={ref} {...input} />}
      </Field>
    );
  },
);

/** A `Field` with a native select; its options are the children (`ChoiceOptions` writes the usual ones). */
export const SelectField = forwardRef<HTMLSelectElement, Framed<SelectHTMLAttributes<HTMLSelectElement>>>(
  function SelectField(
    { label, hint, error, required, optionalText, className, controlClassName, children, ...select },
    ref,
  ) {
    return (
      <Field {...{ label, hint, error, required, optionalText, className }}>
        {(props) => (
          <Select {...props} className={controlClassName} ref={ref} {...select}>
            {children}
          </Select>
        )}
      </Field>
    );
  },
);

/** A `Field` with a text area. */
export const TextareaField = forwardRef<
  HTMLTextAreaElement,
  Framed<TextareaHTMLAttributes<HTMLTextAreaElement>>
>(function TextareaField(
  { label, hint, error, required, optionalText, className, controlClassName, ...area },
  ref,
) {
  return (
    <Field {...{ label, hint, error, required, optionalText, className }}>
      {(props) => <Textarea {...props} className={controlClassName} ref={ref} {...area} />}
    </Field>
  );
});

/**
 * The options of a select: one per value with its label, after an empty "choose" option when `empty` is given.
 */
export function ChoiceOptions<T extends string>({
  values,
  label,
  empty,
}: {
  values: readonly T[];
  label: (value: T) => ReactNode;
  empty?: string;
}) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** A checkbox with its label beside it and, when given, a hint under the label. */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  { label: ReactNode; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function CheckboxField({ label, hint, ...input }, ref) {
  const title = <span className="block font-medium text-foreground">{label}</span>;
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" ref={ref} {...input} />
      {hint ? (
        <span>
          {title}
          <span className="block text-xs text-muted-foreground">{hint}</span>
        </span>
      ) : (
        title
      )}
    </label>
  );
});

/** A small checkbox with its text on one line, for an option that belongs to the fields above it. */
export const InlineCheckbox = forwardRef<
  HTMLInputElement,
  { label: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>
>(function InlineCheckbox({ label, className, ...input }, ref) {
  return (
    <label className={cn('flex items-center gap-2 text-sm text-foreground', className)}>
      <input type="checkbox" className="size-4 shrink-0 accent-primary" ref={ref} {...input} />
      {label}
    </label>
  );
});
