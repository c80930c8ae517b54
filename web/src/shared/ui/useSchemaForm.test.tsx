import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { useSchemaForm } from './useSchemaForm';

const schema = z.object({ name: z.string(), invoice: z.object({ nip: z.string() }) });

/** A callable's refusal as the web SDK throws it (FunctionsError: the Polish text and field in `details`). */
const refusal = (field: string | undefined, message: string) =>
  Object.assign(new Error(message), {
    code: 'functions/invalid-argument',
    details: { reason: 'invalid-input', message, ...(field ? { field } : {}) },
  });

function renderForm() {
  return renderHook(() => useSchemaForm({ initialValues: { name: 'Jan', invoice: { nip: '' } }, schema })).result;
}

describe('useSchemaForm send', () => {
  it('is sending while the call runs and resolves with its answer', async () => {
    const form = renderForm();
    let finish: (answer: { id: string }) => void = () => undefined;
    let sent: Promise<{ id: string } | undefined> = Promise.resolve(undefined);
    act(() => {
      sent = form.current.send(() => new Promise((resolve) => (finish = resolve)));
    });
    expect(form.current.sending).toBe(true);
    await act(async () => finish({ id: 'a1' }));
    expect(await sent).toEqual({ id: 'a1' });
    expect(form.current.sending).toBe(false);
  });

  it('puts a refusal on the field it names, a nested one too', async () => {
    const form = renderForm();
    await act(
      async () => void (await form.current.send(() => Promise.reject(refusal('invoice.nip', 'Nieprawidłowy NIP')))),
    );
    expect(form.current.form.errors).toEqual({ 'invoice.nip': 'Nieprawidłowy NIP' });
    expect(form.current.sending).toBe(false);
  });

  it('puts a refusal above the form when it names no field of the form, or an object internal', async () => {
    const form = renderForm();
    for (const field of [undefined, 'lines', '__proto__', 'invoice.hasOwnProperty']) {
      await act(async () => void (await form.current.send(() => Promise.reject(refusal(field, `Odmowa: ${field}`)))));
      expect(form.current.form.errors).toEqual({ _form: `Odmowa: ${field}` });
    }
  });

  it('clears the last refusal above the form when sending again', async () => {
    const form = renderForm();
    await act(async () => void (await form.current.send(() => Promise.reject(refusal(undefined, 'Brak połączenia')))));
    await act(async () => void (await form.current.send(() => Promise.resolve({ ok: true }))));
    expect(form.current.form.errors).toEqual({});
  });
});

describe('useSchemaForm validation', () => {
  const orderSchema = z.object({
    orderId: z.string().regex(/^o-/, 'Nieznane zamówienie'),
    reason: z.string().min(1, 'Podaj przyczynę'),
  });

  it('shows a message on a payload field the form does not have above the form, and keeps the form’s own', () => {
    const form = renderHook(() =>
      useSchemaForm({
        initialValues: { reason: '' },
        schema: orderSchema,
        toPayload: (values) => ({ ...values, orderId: 'x' }),
      }),
    ).result;
    act(() => void form.current.form.validate());
    expect(form.current.form.errors).toEqual({ reason: 'Podaj przyczynę', _form: 'Nieznane zamówienie' });
  });

  it('keeps a message on a nested field of the form where it is', () => {
    const form = renderHook(() =>
      useSchemaForm({ initialValues: { name: 'Jan', invoice: { nip: 1 } }, schema }),
    ).result;
    act(() => void form.current.form.validate());
    expect(Object.keys(form.current.form.errors)).toEqual(['invoice.nip']);
  });
});
