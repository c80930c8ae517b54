import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { VAT_RATES } from '@domain/vat';
import { fromWarsawWallClock, warsawWallClock } from '@domain/warsawTime';
import { useConfirm, type ConfirmQuestion } from '../../shared/ui/ConfirmAction';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { saveFile } from '../../shared/ui/saveFile';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { Hint } from '../../shared/ui/Hint';

/** `12345` → `"123,45"` for a price field. */
export const groszeToInput = (g: number) => `${Math.floor(g / 100)},${String(g % 100).padStart(2, '0')}`;

/** A NumberInput's value for the payload: `12` → 12, `''` → undefined (left empty), anything else → NaN (the schema refuses it). */
export const optionalInt = (v: number | string): number | undefined =>
  v === '' ? undefined : typeof v === 'number' ? v : Number.NaN;

/**
 * ms → value of an `<input type="datetime-local">`, on Warsaw's wall clock: a sale window or a code's
 * validity is the event's time, whatever time zone the admin's browser is in.
 */
export function msToWarsawInput(ms: number | null | undefined): string {
  if (ms == null) return '';
  const w = warsawWallClock(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A datetime-local value, read on Warsaw's wall clock → ms; null when empty or not a date and time. */
export function warsawInputToMs(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = fromWarsawWallClock(year, month, day, hour, minute);
  // Not a calendar day (30 February) when the day read back differs.
  const back = warsawWallClock(ms);
  return back.year === year && back.month === month && back.day === day ? ms : null;
}

/**
 * A key for a new variant (the server keeps the keys the admin's client chooses): the dash makes it
 * a key that can never name a JS object internal, like the push ids the SDK mints.
 */
export function newKey(prefix = 'v'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The VAT rates an item can carry (the domain's list), as the editor's select offers them. */
export const VAT_OPTIONS = VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }));

/** Saves a CSV text as a file (shared/ui saveFile). */
export function downloadCsv(text: string, fileName: string): void {
  saveFile(fileName, text, 'text/csv;charset=utf-8');
}

interface AdminRunPanelProps {
  /** Id of the heading (the section's accessible name). */
  id: string;
  title: string;
  description: ReactNode;
  buttonLabel: string;
  buttonColor?: string;
  testId: string;
  /** What happens, asked before running; `run` resolves with the summary shown as the result. */
  confirm: ConfirmQuestion;
}

/** An admin maintenance run (expiry, reservation check): what it does, a button that asks first, then the result. */
export function AdminRunPanel({
  id,
  title,
  description,
  buttonLabel,
  buttonColor,
  testId,
  confirm,
}: AdminRunPanelProps) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const { ask, dialog } = useConfirm({ onResult: setResult });
  return (
    <TitledPanel title={title} sectionId={id}>
      <Hint>{description}</Hint>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      <Group>
        <Button variant="light" color={buttonColor} onClick={() => ask(confirm)} data-testid={testId}>
          {buttonLabel}
        </Button>
      </Group>
      {dialog}
    </TitledPanel>
  );
}

interface SearchFieldOptions {
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  testId: string;
  style?: CSSProperties;
}

/** An admin list's search box: the field, and the text to search for once typing pauses (200 ms). */
export function useSearchField({ label, placeholder, testId, style }: SearchFieldOptions) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 200);
  const field = (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      style={style}
      data-testid={testId}
    />
  );
  return { query, field };
}
