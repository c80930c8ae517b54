import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Paper, Stack } from '@mantine/core';
import { Hint } from '../../shared/ui/Hint';

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorCtor = (new (options: { formats: string[] }) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The platform's BarcodeDetector where it reads QR codes (Chrome on Android, Safari), else jsQR on
 * frames drawn to a canvas; jsQR is downloaded only when a camera is actually used without it.
 */
async function createDecoder(): Promise<Decode> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // Scaled down: a QR code filling part of a 640 px frame decodes faster and as reliably.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

function cameraError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Brak zgody na użycie kamery. Zezwól przeglądarce na dostęp do kamery albo wpisz kod ręcznie.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'Nie znaleziono kamery w tym urządzeniu. Wpisz kod odbioru ręcznie.';
  if (!navigator.mediaDevices?.getUserMedia)
    return 'Ta przeglądarka nie udostępnia kamery (wymagane połączenie HTTPS). Wpisz kod odbioru ręcznie.';
  return 'Nie udało się uruchomić kamery. Wpisz kod odbioru ręcznie.';
}

/** Live camera preview that reports the first QR code it reads, then stops the camera. */
export function QrScanner({ onResult, onClose }: { onResult: (text: string) => void; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(true);
  const resultRef = useRef(onResult);
  useEffect(() => {
    resultRef.current = onResult;
  }, [onResult]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no mediaDevices');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const decode = await createDecoder();
        setStarting(false);
        const tick = async () => {
          if (stopped) return;
          const text = await decode(video).catch(() => null);
          if (stopped) return;
          if (text) resultRef.current(text);
          else timer = setTimeout(tick, 150);
        };
        void tick();
      } catch (err) {
        if (!stopped) {
          setStarting(false);
          setError(cameraError(err));
        }
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Paper withBorder radius="md" p="md" data-testid="qr-scanner">
      <Stack gap="sm" align="center">
        {error ? (
          <Alert color="red" role="alert" w="100%">
            {error}
          </Alert>
        ) : (
          <>
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label="Podgląd z kamery"
              style={{
                width: '100%',
                maxWidth: 480,
                aspectRatio: '4 / 3',
                objectFit: 'cover',
                borderRadius: 12,
                background: '#0b1d33',
              }}
            />
            <Hint>{starting ? 'Uruchamianie kamery…' : 'Skieruj kamerę na kod QR uczestnika.'}</Hint>
          </>
        )}
        <Button variant="default" size="lg" onClick={onClose}>
          Zamknij kamerę
        </Button>
      </Stack>
    </Paper>
  );
}
