/*
 * The hand-held form state every account and auth form shares (ADR 056): values in one object,
 * checks in pure functions, messages shown from the first submit on.
 */

/** One change handler per field of a form's values: `onChange={change('email')}`. */
export function fieldChanger<V extends Record<keyof V, string>>(
  values: V,
  setValues: (next: V) => void,
) {
  return (field: keyof V) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
  };
}

/**
 * On submit: whether the check found a problem, and if so the keyboard goes to the form's first
 * field with a message (which aria-describedby links to it).
 */
export function focusFirstInvalid(
  form: HTMLFormElement,
  errors: Partial<Record<string, string>>,
): boolean {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && Boolean(errors[element.name]),
  );
  first?.focus();
  return Object.values(errors).some(Boolean);
}
