import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
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
