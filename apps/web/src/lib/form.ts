/**
 * Forms: react-hook-form, validated by the contract's body schema (its zod resolver), messages in
 * the server's words (lib/messages), and a server refusal shown where it belongs.
 *
 * ```tsx
 * import { setPayPwdBody } from '@dropdesk/contract/account';
 *
 * function SetPayPassword() {
 *   const form = useContractForm(setPayPwdBody, {
 *     defaultValues: { pay_password: '', pay_password_confirm: '' },
 *   });
 *   // `body` is the schema's output (trimmed, transformed); a refusal thrown here is shown by the
 *   // form: `data.fields` at each field, otherwise the server's `msg` above the submit button.
 *   const onSubmit = form.submit(async (body) => {
 *     await setPayPassword(body); // a quiet call: the form shows the refusal, not a toast
 *     navigate(paths.setting);
 *   });
 *   return (
 *     <form onSubmit={onSubmit} noValidate>
 *       <PayPasswordPair control={form.control} />
 *       <SubmitBar control={form.control} label={t('common.save')} />
 *     </form>
 *   );
 * }
 * ```
 *
 * A screen that should paint before zod (~25 KB gzip) arrives passes a loader instead of the schema,
 * `useContractForm(() => import('../some-schema').then((m) => m.form), ...)`: zod then loads when
 * the merchant first focuses the form (`onFocus={form.preload}`), not with the page.
 *
 * A screen whose rule goes beyond the body (a field the body leaves optional, a check the server
 * does not make) extends the contract's schema (`body.safeExtend({...}).refine(...)`) rather than
 * writing the rule again. A web-only refinement gives its message as translated text; everything
 * else names a contract key.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './http';
import { issueMessage } from './messages';
import { revealFirstError } from './scroll';

/** Where a refusal that names no field of the form is kept (`formState.errors.root.server`). */
export const FORM_ERROR = 'root.server' as const;

type Schema = z.ZodType<unknown, FieldValues>;
/** A schema, or a loader of one (a dynamic import, to keep zod off a first paint). */
type SchemaSource<S extends Schema> = S | (() => Promise<S>);

const resolve = <S extends Schema>(source: SchemaSource<S>): S | Promise<S> =>
  typeof source === 'function' ? source() : source;

export type ContractForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /**
   * The form's onSubmit: validates against the schema, then runs `onValid` with the parsed body.
   * An ApiError it throws is shown by `refuse`; the first field in error is scrolled to and focused.
   */
  submit: (onValid: (body: z.output<S>) => unknown) => (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Shows a refusal: each of `data.fields` at its field, or else its message as the form's error. */
  refuse: (error: unknown) => void;
  /** Starts loading a lazily given schema (a form's onFocus), so the first submit does not wait. */
  preload: () => void;
};

/**
 * The zod resolver, its messages told in the user's language. The resolver keeps each issue's
 * message (a contract key); the issue's `params` (MIN_TOPUP's `{min}`) are only on the issue, so a
 * failed parse is read once more for them: that runs only when the form has an error to show.
 */
function contractResolver<S extends Schema>(
  schema: () => S | Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, context, options) => {
    const current = await schema();
    const result = await zodResolver(current)(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await current.safeParseAsync(values);
    const told = new Set<string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = issue.path.join('.');
      const error: { message?: string } | undefined = get(result.errors, path);
      if (told.has(path) || !error) continue;
      told.add(path);
      error.message = issueMessage(issue);
    }
    return result;
  };
}

/**
 * react-hook-form driven by a contract schema. The schema may change between renders (a screen
 * with two ways to prove who you are): the latest one validates.
 */
export function useContractForm<S extends Schema>(
  schema: SchemaSource<S>,
  options: { defaultValues: DefaultValues<z.input<S>> },
): ContractForm<S> {
  const latest = useRef(schema);
  latest.current = schema;
  const formElement = useRef<HTMLFormElement | null>(null);
  const resolver = useRef(contractResolver(() => resolve(latest.current))).current;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first field in error is revealed with the app's scroll (20 px above it), below.
    shouldFocusError: false,
  });

  const reveal = () => requestAnimationFrame(() => revealFirstError(formElement.current));

  const refuse = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    // A 401 has already sent the merchant to /login.
    if (error.kind === 'unauthorized') return;
    const names = new Set(Object.keys(form.getValues()));
    let atField = false;
    for (const [name, message] of Object.entries(error.fields)) {
      if (!names.has(name) || typeof message !== 'string' || !message) continue;
      form.setError(name as FieldPath<z.input<S>>, { type: 'server', message });
      atField = true;
    }
    if (!atField) form.setError(FORM_ERROR, { type: error.key ?? error.kind, message: error.message });
    reveal();
  };

  const submit: ContractForm<S>['submit'] = (onValid) => (event) => {
    if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
    return form.handleSubmit(async (body) => {
      try {
        await onValid(body);
      } catch (error) {
        refuse(error);
      }
    }, reveal)(event);
  };

  const preload = () => void resolve(latest.current);

  return { ...form, submit, refuse, preload };
}
