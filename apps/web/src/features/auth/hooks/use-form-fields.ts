import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../validation';

type Check<Values> = (value: string, values: Values) => FieldProblem | null;

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLInputElement | null) => void;
}

/**
 * Controlled fields with inline validation: a field's problem shows once the merchant has left it (or
 * tried to submit), and disappears as soon as it is fixed. The server's messages for a field (already
 * in the merchant's language) show in the same place until that field changes.
 */
export function useFormFields<Name extends string>(
  initial: Record<Name, string>,
  checks: Partial<Record<Name, Check<Record<Name, string>>>>,
) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<Name>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, string>>>({});
  const elements = useRef(new Map<Name, HTMLInputElement>());

  const problemOf = useCallback(
    (name: Name, all: Record<Name, string>) => checks[name]?.(all[name], all) ?? null,
    [checks],
  );

  const errorOf = (name: Name): string | undefined => {
    if (serverErrors[name]) return serverErrors[name];
    if (!visited.has(name)) return undefined;
    const problem = problemOf(name, values);
    return problem ? t(`validation.${problem.key}`, problem.params) : undefined;
  };

  const field = (name: Name): FieldBinding => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
    onBlur: () => {
      // An untouched empty field is not an error yet: the merchant may just be moving through the form.
      if (values[name] !== '') setVisited((current) => new Set(current).add(name));
    },
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  /** Shows every problem; focuses the first field that has one and answers false, or answers true. */
  const validate = (): boolean => {
    const names = Object.keys(values) as Name[];
    setVisited(new Set(names));
    const first = names.find((name) => problemOf(name, values) !== null);
    if (first) elements.current.get(first)?.focus();
    return first === undefined;
  };

  /** Puts the server's field messages in place; focuses the first one. Answers whether any was shown. */
  const showServerErrors = (errors: Partial<Record<Name, string>>): boolean => {
    setServerErrors(errors);
    const first = (Object.keys(values) as Name[]).find((name) => errors[name]);
    if (first) elements.current.get(first)?.focus();
    return first !== undefined;
  };

  return { values, field, validate, showServerErrors };
}
