import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { serverFieldErrors, translateText, useErrorMessages } from './errors';

type Values = Record<string, unknown>;

/**
 * What the hook asks of a schema: zod's `safeParse`, and the input/output types zod keeps under
 * `_zod` (read by `z.input` / `z.output`; types only). Every zod schema is one. A form whose whole
 * client-side check is a few lines may pass a hand-made one instead, so as not to fetch zod for it
 * (the login form, decision 0270): the server checks the input in full either way.
 */
export interface FormSchema {
  readonly _zod: { readonly input: Values; readonly output: unknown };
  safeParse(value: never): { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export interface ZodForm<S extends FormSchema> {
  values: z.input<S>;
  /** Translated message per field (first one). */
  errors: Partial<Record<string, string>>;
  set<K extends keyof z.input<S> & string>(field: K, value: z.input<S>[K]): void;
  /** Applies a transition that moves several fields at once (a pure function of the values). */
  update(transition: (values: z.input<S>) => z.input<S>): void;
  /** Removes the errors of these fields (a choice that changed them). */
  clearErrors(...fields: string[]): void;
  /** Props for <TextField>: name, value, onChange, error. */
  text<K extends keyof z.input<S> & string>(
    field: K,
    transform?: (value: string) => string,
  ): {
    name: K;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  };
  /** Props for <Checkbox>: name, checked, onChange. */
  checkbox<K extends keyof z.input<S> & string>(field: K): { name: K; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  /**
   * Parses with the schema; on failure shows the errors, focuses the first invalid field and
   * returns null. `schema` stands in for a schema that was not loaded yet when the form rendered.
   */
  validate(formElement?: HTMLElement | null, schema?: S): z.output<S> | null;
  /** Shows the per-field errors of a 400 answer (they replace the shown ones); returns whether there were any. */
  setServerErrors(error: unknown): boolean;
  reset(values: z.input<S>): void;
  /** True once the values differ from the last reset. */
  dirty: boolean;
}

export interface ZodFormOptions {
  /** A schema message → the text shown (default: the shared translator). */
  translate?: (message: string) => string;
  /** A failed call → translated message per field (default: the one translator, lib/errors.ts). */
  serverErrors?: (error: unknown) => Partial<Record<string, string>>;
}

/**
 * The one form mechanism of the client (docs/decisions/0165-one-form-mechanism.md): a small form
 * state around a zod schema (the area's shared schema, the same the server validates with, or one
 * built from it): values, translated per-field errors, validation on submit and then live. The
 * schema may arrive later (null at first) when it would weigh on a page's first load.
 * Rules that move several fields together are pure transitions applied with `update` in event
 * handlers, never effects that sync state after render.
 */
export function useZodForm<S extends FormSchema>(schema: S | null, initial: z.input<S>, options: ZodFormOptions = {}): ZodForm<S> {
  const translate = options.translate ?? translateText;
  const serverErrors = options.serverErrors ?? serverFieldErrors;
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submitted = useRef(false);
  const baseline = useRef(initial);

  // A schema loaded lazily (null until then: nothing to check live yet; validate is given it).
  const check = useCallback(
    (next: z.input<S>, using: S | null = schema) => {
      const result = using ? using.safeParse(next as never) : null;
      const out: Partial<Record<string, string>> = {};
      if (result && !result.success) {
        for (const issue of result.error.issues) {
          const key = String(issue.path[0] ?? '_');
          out[key] ??= issue.message;
        }
      }
      return { result, out };
    },
    [schema],
  );

  // Kept as the schema gave them (codes as tokens) and translated here, so a text that arrives
  // after the check (lib/errors.ts loadErrorMessages, decision 0286) shows without a new check.
  const textsReady = useErrorMessages();
  const shown = useMemo(() => {
    // No errors: the same object, so the texts' arrival changes nothing a form depends on.
    if (Object.keys(errors).length === 0) return errors;
    const out: Partial<Record<string, string>> = {};
    for (const [field, message] of Object.entries(errors)) if (message !== undefined) out[field] = translate(message);
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- textsReady: `translate` reads the texts loaded outside React; the same messages are read again once they are here
  }, [errors, translate, textsReady]);

  const set = useCallback(
    (field: string, value: unknown) => {
      setValues((prev) => {
        const next = { ...prev, [field]: value } as z.input<S>;
        if (submitted.current) setErrors(check(next).out);
        else setErrors((old) => (old[field] ? { ...old, [field]: undefined } : old));
        return next;
      });
    },
    [check],
  );

  const update = useCallback(
    (transition: (values: z.input<S>) => z.input<S>) => {
      setValues((prev) => {
        const next = transition(prev);
        if (next !== prev && submitted.current) setErrors(check(next).out);
        return next;
      });
    },
    [check],
  );

  const clearErrors = useCallback((...fields: string[]) => {
    setErrors((old) => {
      if (!fields.some((f) => old[f])) return old;
      const next = { ...old };
      for (const f of fields) delete next[f];
      return next;
    });
  }, []);

  return useMemo<ZodForm<S>>(
    () => ({
      values,
      errors: shown,
      set: set as ZodForm<S>['set'],
      update,
      clearErrors,
      text: (field, transform) => ({
        name: field,
        value: String((values as Values)[field] ?? ''),
        error: shown[field],
        onChange: (event) => set(field, transform ? transform(event.target.value) : event.target.value),
      }),
      checkbox: (field) => ({
        name: field,
        checked: Boolean((values as Values)[field]),
        onChange: (event) => set(field, event.target.checked),
      }),
      validate(formElement, using) {
        const { result, out } = check(values, using ?? schema);
        if (!result) return null;
        submitted.current = true;
        setErrors(out);
        if (result.success) return result.data as z.output<S>;
        if (formElement) focusFirstInvalid(formElement);
        return null;
      },
      setServerErrors(error) {
        const fields = serverErrors(error);
        if (Object.keys(fields).length === 0) return false;
        setErrors((old) => ({ ...old, ...fields }));
        return true;
      },
      reset(next) {
        submitted.current = false;
        baseline.current = next;
        setValues(next);
        setErrors({});
      },
      dirty: JSON.stringify(values) !== JSON.stringify(baseline.current),
    }),
    [values, shown, set, update, clearErrors, check, serverErrors, schema],
  );
}

/** `onSubmit` that never reloads the page; `run` gets the form element (for focusing the first invalid field). */
export function submitHandler(run: (form: HTMLFormElement) => void | Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(event.currentTarget);
  };
}

/**
 * Focuses the form's first invalid field once the errors have rendered. After an awaited step (a
 * lazily loaded schema, a server answer) React may render after the next frame, so a few frames
 * are tried.
 */
export function focusFirstInvalid(formElement: HTMLElement, frames = 5): void {
  requestAnimationFrame(() => {
    const field = formElement.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (frames > 1) focusFirstInvalid(formElement, frames - 1);
  });
}
