import { SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { LIMITS, type LegalDocument, type LegalDocumentKind } from '@domain/schemas';
import { choicesOf } from '../../shared/ui/choices';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { Hint } from '../../shared/ui/Hint';

const LABELS: Record<LegalDocumentKind, { title: string; hint: string }> = {
  terms: { title: 'Regulamin', hint: 'Do niego prowadzi zgoda na regulamin przy rejestracji i przy zamówieniach.' },
  privacy: {
    title: 'Polityka prywatności',
    hint: 'Do niej prowadzi zgoda na przetwarzanie danych (RODO) przy rejestracji.',
  },
};

type Mode = 'none' | 'url' | 'text';
const FORMS = choicesOf<Mode>({ none: 'Brak', url: 'Adres strony', text: 'Treść' });
const modeOf = (doc: LegalDocument | undefined): Mode => (!doc ? 'none' : 'url' in doc ? 'url' : 'text');

/**
 * One legal document of the event settings: none, the address of the organiser's page with it, or
 * its text (shown to participants in a window). Participants see it before they sign in.
 */
function LegalDocumentField({
  kind,
  value,
  onChange,
  error,
}: {
  kind: LegalDocumentKind;
  value: LegalDocument | undefined;
  onChange: (doc: LegalDocument | undefined) => void;
  error?: string;
}) {
  const mode = modeOf(value);
  const { title, hint } = LABELS[kind];
  return (
    <Stack gap="xs" data-testid={`event-${kind}`}>
      <Text fw={600}>{title}</Text>
      <Hint>{hint}</Hint>
      <SegmentedControl
        aria-label={`${title}: forma`}
        value={mode}
        onChange={(next) => onChange(next === 'url' ? { url: '' } : next === 'text' ? { text: '' } : undefined)}
        data={FORMS}
        maw={420}
      />
      {value && 'url' in value && (
        <TextInput
          label={`${title}: adres strony`}
          placeholder="https://"
          value={value.url}
          onChange={(ev) => onChange({ url: ev.currentTarget.value })}
          error={error}
        />
      )}
      {value && 'text' in value && (
        <Textarea
          label={`${title}: treść`}
          description="Akapity oddziel pustym wierszem."
          autosize
          minRows={4}
          maxRows={14}
          maxLength={LIMITS.legalText}
          value={value.text}
          onChange={(ev) => onChange({ text: ev.currentTarget.value })}
          error={error}
        />
      )}
    </Stack>
  );
}

interface LegalDocuments {
  terms?: LegalDocument;
  privacy?: LegalDocument;
}

/** The terms and the privacy policy the consent checkboxes link to. `errorOf` reads `event.terms.url` etc. */
export function LegalDocumentsFields({
  value,
  onChange,
  errorOf,
}: {
  value: LegalDocuments;
  onChange: (patch: LegalDocuments) => void;
  errorOf: (path: string) => string | undefined;
}) {
  return (
    <TitledPanel title="Regulamin i polityka prywatności" gap="md">
      {(['terms', 'privacy'] as const).map((kind) => (
        <LegalDocumentField
          key={kind}
          kind={kind}
          value={value[kind]}
          onChange={(doc) => onChange({ [kind]: doc })}
          error={errorOf(`${kind}.url`) ?? errorOf(`${kind}.text`) ?? errorOf(kind)}
        />
      ))}
    </TitledPanel>
  );
}
