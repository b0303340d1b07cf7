import { Input, type InputProps } from '../../../components/ui/input.tsx';

/** The part of useFormFields a text field needs: its value, its error, and how to change it. */
type TextFields<K extends string> = {
  values: Record<K, string>;
  errors: Partial<Record<K, string>>;
  setValue: (key: K, value: string) => void;
};

type AuthFieldProps<K extends string> = Omit<InputProps, 'form' | 'name' | 'value' | 'error' | 'onChange' | 'required'> & { form: TextFields<K>; name: K };

/** A required input of an account form, bound to its field of useFormFields (value, error under it, change). */
export function AuthField<K extends string>({ form, name, ...props }: AuthFieldProps<K>) {
  return (
    <Input
      name={name}
      required
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(event) => form.setValue(name, event.target.value)}
      {...props}
    />
  );
}

export function EmailField({ form }: { form: TextFields<'email'> }) {
  return <AuthField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />;
}

type PasswordFieldProps = { form: TextFields<'password'>; autoComplete: 'current-password' | 'new-password'; helperText?: string };

export function PasswordField({ form, autoComplete, helperText }: PasswordFieldProps) {
  return <AuthField form={form} name="password" label="Senha" type="password" autoComplete={autoComplete} placeholder="••••••••" helperText={helperText} />;
}
