import type { FormInstance } from 'antd/es/form';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './http';
import { issueMessage } from './messages';

type NamePath = (string | number)[];

const toPath = (dotted: string): NamePath => dotted.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

export interface ContractSubmit {
  /** A refusal that belongs to no field (shown above the buttons by `FormError`). */
  formError: string | null;
  busy: boolean;
  /**
   * Checks `values` with the contract's body schema (the server's rule, in the server's words),
   * puts each problem at its field, else sends them; a refusal's `data.fields` go to their fields
   * too, anything else to `formError`. Resolves to the answer, or undefined when refused.
   */
  submit: <T>(values: unknown, send: (values: never) => Promise<T>) => Promise<T | undefined>;
  clear: () => void;
}

/**
 * antd's Form fed the contract's schema (the rule lives once, in packages/contract): the schema, or
 * a loader of it so zod stays out of a first screen's chunk (sign-in). `fieldOf` names the form's
 * field of a contract field the form edits under another name (a statement's `from` and `to` are
 * one range picker, `period`), so the problem still shows at the field the operator sees.
 */
export function useContractSubmit(
  form: FormInstance,
  schema: z.ZodType | (() => Promise<z.ZodType>) | null,
  fieldOf: Record<string, string> = {},
): ContractSubmit {
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function showFields(contractFields: Record<string, string>): boolean {
    const known = new Set(
      Object.keys(form.getFieldsValue(true) as Record<string, unknown>).map((k) => k.split('.')[0]),
    );
    // Contract names to the form's (the first problem of a field that two contract fields share).
    const fields: Record<string, string> = {};
    for (const [k, msg] of Object.entries(contractFields)) fields[fieldOf[k] ?? k] ??= msg;
    const entries = Object.entries(fields).filter(([k]) => known.has(k.split('.')[0] ?? k));
    if (entries.length === 0) return false;
    form.setFields(entries.map(([k, msg]) => ({ name: toPath(k), errors: [msg] })));
    form.scrollToField(toPath(entries[0]![0]), { behavior: 'smooth', block: 'center', focus: true });
    return true;
  }

  async function submit<T>(values: unknown, send: (values: never) => Promise<T>): Promise<T | undefined> {
    setFormError(null);
    if (schema) {
      const s =
        typeof schema === 'function' && !('safeParse' in schema) ? await schema() : (schema as z.ZodType);
      const parsed = s.safeParse(values);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issueMessage(issue);
        if (!showFields(fields)) setFormError(Object.values(fields)[0] ?? issueMessage(undefined));
        return undefined;
      }
    }
    setBusy(true);
    try {
      return await send(values as never);
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.kind === 'unauthorized') return undefined;
        const placed = Object.keys(e.fields).length > 0 && showFields(e.fields);
        if (!placed) setFormError(e.message);
        return undefined;
      }
      throw e;
    } finally {
      setBusy(false);
    }
  }

  return { formError, busy, submit, clear: () => setFormError(null) };
}
