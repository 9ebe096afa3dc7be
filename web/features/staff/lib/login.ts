import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { StaffRole } from '../api/auth-storage.ts';
import { tokens } from '../api/auth-storage.ts';
import { type FieldErrors, type FieldsSpec, parseFields } from './form.ts';

/**
 * A staff login form's submission, the same for both panels: fields checked first (no call, no
 * throttle cost), then the call; its token is stored under the role's key. What a failure shows is
 * the panel's (`failed` answers the banner text and does the rest).
 */
export function useLoginSubmit<Input, Name extends string>(
  role: StaffRole,
  options: {
    schema: z.ZodType<Input>;
    fields: FieldsSpec<Name>;
    values: unknown;
    setErrors: (errors: FieldErrors<Name>) => void;
    login: (input: Input) => Promise<string>;
    succeeded: () => void;
    failed: (error: unknown) => string;
  },
) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const input = parseFields(options.schema, options.values, options.fields, options.setErrors);
    if (input === undefined) return;
    setBusy(true);
    try {
      tokens.set(role, await options.login(input));
      options.succeeded();
    } catch (error) {
      setBusy(false);
      setFormError(options.failed(error));
    }
  };
  return { busy, formError, submit };
}
