import { useState, type SubmitEvent } from 'react';
import { focusFirstInvalid } from './form-fields';

/**
 * ADR 056's form state as one hook: values in one object, checked by a pure function, messages
 * shown from the first submit on. `submit` checks, focuses the first field in trouble, and calls
 * `send` with the values only when there is none; `reset` empties the form after a success.
 */
export function useCheckedForm<V, E extends Partial<Record<string, string>>>(
  empty: V,
  check: (values: V) => E,
) {
  const [values, setValues] = useState<V>(empty);
  const [submitted, setSubmitted] = useState(false);
  const errors: Partial<E> = submitted ? check(values) : {};

  const submit = (send: (values: V) => void) => (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstInvalid(event.currentTarget, check(values))) return;
    send(values);
  };
  const reset = () => {
    setValues(empty);
    setSubmitted(false);
  };
  return { values, setValues, errors, submit, reset };
}
