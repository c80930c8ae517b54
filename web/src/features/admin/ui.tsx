import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { refusalOf } from '../../shared/ui/formErrors';

export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** The outcome of the last admin action, shown above the list it changed. */
export function ResultAlert({ result, onClose }: { result: ActionResult | null; onClose: () => void }) {
  if (!result) return null;
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      variant="light"
      role={result.ok ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel="Zamknij komunikat"
      onClose={onClose}
      data-testid="admin-result"
      data-ok={result.ok}
    >
      {result.message}
    </Alert>
  );
}

export interface PendingConfirm {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Resolves with the success message; a refusal is shown as the result. */
  run: () => Promise<string>;
}

/** One confirmation dialog per tab: what will happen, then the result of doing it. */
export function useConfirm(setResult: (r: ActionResult | null) => void) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      setResult({ ok: true, message: await pending.run() });
    } catch (error) {
      setResult({ ok: false, message: refusalOf(error).message });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const dialog = (
    <Modal opened={pending !== null} onClose={() => !busy && setPending(null)} title={pending?.title} centered>
      <Stack gap="md">
        <Text component="div">{pending?.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)} disabled={busy}>
            Wróć
          </Button>
          <Button color={pending?.color} onClick={confirm} loading={busy} data-testid="confirm-action">
            {pending?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask: setPending, dialog };
}

/** `12345` → `"123,45"` for a price field. */
export const groszeToInput = (g: number) => `${Math.floor(g / 100)},${String(g % 100).padStart(2, '0')}`;

/** ms → value of an `<input type="datetime-local">` in the browser's time zone. */
export function msToLocalInput(ms: number | null | undefined): string {
  if (ms == null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function localInputToMs(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A key for a new variant (the server keeps the keys the admin's client chooses): the dash makes it
 * a key that can never name a JS object internal, like the push ids the SDK mints.
 */
export function newKey(prefix = 'v'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export const VAT_OPTIONS = [
  { value: '23', label: '23 %' },
  { value: '8', label: '8 %' },
  { value: '5', label: '5 %' },
  { value: '0', label: '0 %' },
];

interface AdminRunPanelProps {
  /** Id of the heading (the section's accessible name). */
  id: string;
  title: string;
  description: ReactNode;
  buttonLabel: string;
  buttonColor?: string;
  testId: string;
  /** What happens, asked before running; `run` resolves with the summary shown as the result. */
  confirm: PendingConfirm;
}

/** An admin maintenance run (expiry, reservation check): what it does, a button that asks first, then the result. */
export function AdminRunPanel({ id, title, description, buttonLabel, buttonColor, testId, confirm }: AdminRunPanelProps) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const { ask, dialog } = useConfirm(setResult);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <ResultAlert result={result} onClose={() => setResult(null)} />
        <Group>
          <Button variant="light" color={buttonColor} onClick={() => ask(confirm)} data-testid={testId}>
            {buttonLabel}
          </Button>
        </Group>
      </Stack>
      {dialog}
    </Paper>
  );
}
