import { useEffect, type ReactNode } from 'react';
import { Anchor, Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';

interface ErrorPageProps {
  status: number;
  /** Technical status message, e.g. `Page not found: /x`. */
  message: string;
  /** Polish explanation for the user. */
  description?: string;
  stack?: string;
  /**
   * The heading. Defaults per original-spec section 2 (a not-found view for 404, a server-error view
   * otherwise), in Polish like every text on screen.
   */
  title?: string;
  /** Where "back to start" leads; a plain link so it also works when the router itself failed. */
  homeHref?: string;
  /** Development builds show the stack; production never does. */
  showStack?: boolean;
}

const NOT_FOUND_TITLE = 'Nie znaleziono strony';
const SERVER_ERROR_TITLE = 'Wystąpił błąd';

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Panel Uczestnika`;
  }, [title]);
}

/** One error page, two views: not-found for 404, server error for every other status. */
export function ErrorPage(props: ErrorPageProps) {
  return props.status === 404 ? <NotFoundView {...props} /> : <ServerErrorView {...props} />;
}

interface RoleGateProps {
  /** Whether the signed-in role may see the page. */
  allowed: boolean;
  /** The technical line of the refusal, naming the page and who it is for. */
  message: string;
  /** Polish explanation of who the page is for. */
  description: string;
  homeHref: string;
  children: ReactNode;
}

/**
 * A page only some roles may see: anyone else gets the 403 view before the page mounts, so not one of
 * its listeners is opened for them (the database rules would refuse them anyway).
 */
export function RoleGate({ allowed, children, ...refusal }: RoleGateProps) {
  if (!allowed) return <ErrorPage status={403} title="Brak dostępu" {...refusal} />;
  return <>{children}</>;
}

function ErrorLayout({
  status,
  title,
  message,
  description,
  stack,
  homeHref = '/',
  showStack = import.meta.env.DEV,
  retry,
}: ErrorPageProps & { title: string; retry?: boolean }) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }} data-testid="error-page" data-status={status}>
      <Stack gap="md">
        <Text fz={{ base: 64, sm: 96 }} fw={900} lh={1} c="baltyk" aria-hidden>
          {status}
        </Text>
        <Title order={1} data-testid="error-title">
          {title}
        </Title>
        {description && <Text size="lg">{description}</Text>}
        <Code block data-testid="error-message" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message}
        </Code>
        <Group>
          <Button component="a" href={homeHref}>
            Wróć na stronę główną
          </Button>
          {retry && (
            <Button variant="default" onClick={() => window.location.reload()}>
              Odśwież stronę
            </Button>
          )}
        </Group>
        {showStack && stack && (
          <details>
            <summary>
              <Anchor component="span">Szczegóły techniczne (tylko w trybie deweloperskim)</Anchor>
            </summary>
            <Code block mt="xs" data-testid="error-stack" style={{ whiteSpace: 'pre-wrap' }}>
              {stack}
            </Code>
          </details>
        )}
      </Stack>
    </Container>
  );
}

function NotFoundView(props: ErrorPageProps) {
  return (
    <ErrorLayout
      {...props}
      title={props.title ?? NOT_FOUND_TITLE}
      description={
        props.description ??
        'Strona, której szukasz, nie istnieje lub została przeniesiona. Sprawdź adres albo wróć na stronę główną.'
      }
    />
  );
}

function ServerErrorView(props: ErrorPageProps) {
  return (
    <ErrorLayout
      {...props}
      retry
      title={props.title ?? SERVER_ERROR_TITLE}
      description={props.description ?? 'Coś poszło nie tak po naszej stronie. Spróbuj odświeżyć stronę za chwilę.'}
    />
  );
}

/** The server-error view of something thrown (an Error or anything else), with its message and stack. */
export function CrashPage({ error, description }: { error: unknown; description?: string }) {
  const err = error instanceof Error ? error : new Error(String(error));
  return <ErrorPage status={500} message={err.message} description={description} stack={err.stack} />;
}
