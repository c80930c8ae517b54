import { useEffect, useState } from 'react';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import {
  paymentQrCarriesAmount,
  paymentQrPayload,
  paymentQrTypeAmountNote,
  type PaymentQrInput,
} from '@domain/paymentQr';
import { Hint } from '../../shared/ui/Hint';

interface Drawn {
  line: string;
  size: number;
  path: string;
}

/**
 * The transfer as a payment QR code in the Polish banks' „Standard 2D” format (functions/src/domain/paymentQr.ts),
 * drawn as SVG black on white with a 4-module quiet zone. Above 9 999,99 zł (the format's six-digit
 * amount) the code leaves the amount to the payer, and the text beside it says so and gives the amount.
 * Nothing is shown when no code can be made: the transfer details beside it stay.
 */
export function PaymentQr(props: PaymentQrInput & { size?: number }) {
  const { size = 184, ...input } = props;
  const line = paymentQrPayload(input);
  const carriesAmount = paymentQrCarriesAmount(input.amountGrosze);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!line) return;
    let live = true;
    // The QR library is loaded on first use, so pages without a code never download it.
    import('@domain/paymentQrCode').then(
      ({ paymentQrModules }) => {
        const modules = paymentQrModules(line);
        let path = '';
        modules.forEach((row, r) => row.forEach((dark, c) => dark && (path += `M${c} ${r}h1v1h-1z`)));
        if (live) setDrawn({ line, size: modules.length, path });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [line]);

  if (!line || failed) return null;
  const quiet = 4;
  return (
    <Stack gap="sm" data-testid="payment-qr" data-payload={line}>
      <Group gap="md" wrap="nowrap" align="center">
        {drawn && drawn.line === line ? (
          <svg
            role="img"
            aria-label="Kod QR do zapłaty przelewem"
            data-testid="payment-qr-code"
            width={size}
            height={size}
            viewBox={`${-quiet} ${-quiet} ${drawn.size + quiet * 2} ${drawn.size + quiet * 2}`}
            shapeRendering="crispEdges"
            style={{
              background: '#fff',
              borderRadius: 8,
              display: 'block',
              flexShrink: 0,
              maxWidth: '50%',
              height: 'auto',
            }}
          >
            <rect x={-quiet} y={-quiet} width={drawn.size + quiet * 2} height={drawn.size + quiet * 2} fill="#fff" />
            <path d={drawn.path} fill="#000" />
          </svg>
        ) : (
          <Skeleton width={size} height={size} radius="sm" aria-label="Przygotowywanie kodu QR" />
        )}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>Zeskanuj w aplikacji banku</Text>
          <Hint>
            {carriesAmount
              ? 'Kod wypełni numer konta, kwotę, odbiorcę i tytuł przelewu. Sprawdź dane przed zatwierdzeniem.'
              : 'Kod wypełni numer konta, odbiorcę i tytuł przelewu.'}
          </Hint>
        </Stack>
      </Group>
      {/* Full width under the code, not squeezed beside it on a phone: the payer must not miss it. */}
      {!carriesAmount && (
        <Text size="sm" fw={600} data-testid="payment-qr-amount-note">
          {paymentQrTypeAmountNote(input.amountGrosze)}
        </Text>
      )}
    </Stack>
  );
}
