import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { fetchKsefUpo } from './api';
import { saveXml } from './files';
import type { KsefRow } from './ksefRows';

export interface RowActionHandlers {
  /**
   * Sends the document now (a rejected one after the data was fixed, a queued or offline one without waiting); for an
   * accepted one whose UPO is missing, downloads the UPO from KSeF now.
   */
  resend: (row: KsefRow) => Promise<void>;
  /** The manual path: record a number obtained outside the app. */
  record: (row: KsefRow) => void;
  /** Reports a failure to the board. */
  fail: (text: string) => void;
}

/** XML, UPO, „Wyślij ponownie” / „Wyślij teraz”, and „Zapisz numer KSeF” for documents outside the outbox. */
export function KsefRowActions({ row: r, on }: { row: KsefRow; on: RowActionHandlers }) {
  const [busy, setBusy] = useState(false);
  if (!r.file.ok || r.state === 'waiting') return null;
  const file = r.file;
  const canSend = r.state === 'rejected' || r.state === 'queued' || r.state === 'offline';
  const sendLabel = r.state === 'rejected' ? 'Wyślij ponownie' : 'Wyślij teraz';
  async function downloadUpo() {
    const xml = await fetchKsefUpo(r.documentId).catch(() => null);
    if (xml) saveXml(`UPO-${r.number.replaceAll('/', '-')}.xml`, xml);
    else on.fail(`UPO faktury ${r.number} nie jest jeszcze dostępne. Spróbuj ponownie za chwilę.`);
  }
  async function send() {
    setBusy(true);
    try {
      await on.resend(r);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Button
        size="xs"
        variant="default"
        onClick={() => saveXml(file.fileName, file.xml)}
        aria-label={`Pobierz XML faktury ${r.number}`}
      >
        XML
      </Button>
      {r.state === 'accepted' && r.entry && !r.entry.upoMissing && (
        <Button
          size="xs"
          variant="default"
          onClick={() => void downloadUpo()}
          aria-label={`Pobierz UPO faktury ${r.number}`}
          data-testid="ksef-upo"
        >
          UPO
        </Button>
      )}
      {r.state === 'accepted' && r.entry?.upoMissing && (
        <Button
          size="xs"
          variant="light"
          loading={busy}
          onClick={() => void send()}
          aria-label={`Pobierz teraz UPO faktury ${r.number} z KSeF`}
          data-testid="ksef-upo-fetch"
        >
          Pobierz UPO z KSeF
        </Button>
      )}
      {canSend && (
        <Button
          size="xs"
          loading={busy}
          onClick={() => void send()}
          aria-label={`${sendLabel} do KSeF: ${r.number}`}
          data-testid="ksef-resend"
        >
          {sendLabel}
        </Button>
      )}
      {r.state === 'pending' && (
        <Button
          size="xs"
          variant="light"
          onClick={() => on.record(r)}
          aria-label={`Zapisz numer KSeF faktury ${r.number}`}
        >
          Zapisz numer KSeF
        </Button>
      )}
    </Group>
  );
}
