import type { TFunction } from 'i18next';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblems } from '@shared/auth/password-policy.ts';
import { Field } from '@web/ui/field.tsx';
import { InputField } from '@web/ui/form-fields.tsx';
import { PasswordInput } from './password-input.tsx';

/** What is wrong with a chosen password and its confirmation, as the forms show it (nothing when both are fine). */
export function newPasswordErrors(
  password: string,
  confirm: string,
  t: TFunction,
): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!password) errors.password = t('forms:errors.passwordRequired');
  else if (passwordProblems(password).length > 0) errors.password = t('forms:password.rule');
  if (confirm !== password) errors.confirm = t('forms:errors.passwordMismatch');
  return errors;
}

/**
 * A new password with the rule as its hint, then its confirmation: signing up, accepting an invitation and
 * setting a forgotten password ask for it alike.
 */
export function NewPasswordFields({
  label,
  name,
  password,
  confirm,
  errors,
  onPassword,
  onConfirm,
}: {
  label: string;
  name: string;
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { t } = useTranslation(['forms']);
  return (
    <>
      <Field label={label} hint={t('forms:password.rule')} error={errors.password} required>
        {(props) => (
          <PasswordInput
            {...props}
            name={name}
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('forms:labels.confirmPassword')} error={errors.confirm} required>
        {(props) => (
          <PasswordInput
            {...props}
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => onConfirm(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

type AccountValues = { name: string; password: string; confirm: string };

/**
 * The fields of a new account: the full name, what the caller puts after it (the e-mail when signing up), then
 * the password and its confirmation.
 */
export function NewAccountFields({
  values,
  errors,
  onChange,
  children,
}: {
  values: AccountValues;
  errors: { name?: string; password?: string; confirm?: string };
  onChange: (key: keyof AccountValues, value: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['forms']);
  return (
    <>
      <InputField
        label={t('forms:labels.fullName')}
        error={errors.name}
        required
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => onChange('name', e.target.value)}
      />
      {children}
      <NewPasswordFields
        label={t('forms:labels.password')}
        name="password"
        password={values.password}
        confirm={values.confirm}
        errors={errors}
        onPassword={(value) => onChange('password', value)}
        onConfirm={(value) => onChange('confirm', value)}
      />
    </>
  );
}

/** The required e-mail field of the sign-in, sign-up and forgotten-password forms. */
export function EmailField({
  error,
  onValue,
  ...input
}: { error: string | undefined; onValue: (value: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'autoComplete' | 'autoFocus'
>) {
  const { t } = useTranslation(['forms']);
  return (
    <InputField
      label={t('forms:labels.email')}
      error={error}
      required
      type="email"
      name="email"
      inputMode="email"
      {...input}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
