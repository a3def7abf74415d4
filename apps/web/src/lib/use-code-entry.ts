import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { MessageKey } from '../i18n/en.ts';
import { codeFieldError } from './two-factor-errors.ts';

export interface CodeEntry<Result> {
  code: string;
  setCode: (code: string) => void;
  /** For the code's input: focused when the code is missing or refused. */
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** The form's submit handler: checks that a code was typed, then sends it. */
  submit: (event: FormEvent) => void;
  /** What to say at the code field, if anything. */
  fieldError: MessageKey | null;
  /** A refusal that is not about the code (shown on the form), else null. */
  formError: unknown;
  mutation: UseMutationResult<Result, Error, void>;
  /** Empties the field and forgets the last answer, e.g. when another kind of code is chosen. */
  clear: () => void;
}

/**
 * One code typed and sent (authenticator, email or backup code): a missing code and a refused one
 * are said at the field and focus it; other refusals go to the form.
 */
export function useCodeEntry<Result>(
  send: (code: string) => Promise<Result>,
  options: {
    clean: (code: string) => string;
    onSuccess?: (answer: Result) => void;
    onError?: (error: Error) => void;
  },
): CodeEntry<Result> {
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: () => send(options.clean(code)),
    onSuccess: (answer) => options.onSuccess?.(answer),
    onError: (error) => {
      options.onError?.(error);
      if (codeFieldError(error)) inputRef.current?.focus();
    },
  });
  const fieldError = missing ? 'tf.step.enterCode' : codeFieldError(mutation.error);
  return {
    code,
    setCode,
    inputRef,
    submit: (event) => {
      event.preventDefault();
      const empty = options.clean(code) === '';
      setMissing(empty);
      if (empty) inputRef.current?.focus();
      else mutation.mutate();
    },
    fieldError,
    formError: mutation.isError && !fieldError ? mutation.error : null,
    mutation,
    clear: () => {
      setCode('');
      setMissing(false);
      mutation.reset();
    },
  };
}

/** Codes from apps and emails are digits; people paste them with spaces ("123 456"). */
export const digitsOnly = (code: string) => code.replace(/\s+/g, '');
