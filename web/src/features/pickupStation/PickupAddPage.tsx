import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { LiveStatus, useStatusAnnouncement } from '../../shared/ui/LiveStatus';
import { refusalOf } from '../../shared/ui/formErrors';
import { handOutPickupItemsInput } from '@domain/callables';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { handOutPickupItems, type DirectoryEntry, type StationItem } from './api';
import { NoPaidItems, SelectableItem, PersonHeader } from './StationParts';
import {
  OtherPersonButton,
  StationPerson,
  StationScreen,
  USER_PAGE,
  WRAPPING_BUTTON,
  stationOffline,
} from './StationPage';
import { useSessionUser } from '../auth';
import { QUEUED_LABEL } from './offline/queue';
import { queueHandOut } from './offline/sync';
import { StackedForm } from '../../shared/ui/StackedForm';
import { ErrorText } from '../../shared/ui/ErrorText';

type Outcome = { kind: 'done' | 'queued'; labels: string[] } | { kind: 'refused'; message: string };
type HandedOut = Extract<Outcome, { kind: 'done' | 'queued' }>;

const isHandedOut = (outcome: Outcome | null): outcome is HandedOut =>
  outcome?.kind === 'done' || outcome?.kind === 'queued';

const waitingIds = (items: StationItem[]) => items.filter((i) => i.status === 'waiting').map((i) => i.id);

/** How a handed-out item is named to staff: „Opaska × 2”. */
const handOutLabel = (i: StationItem) => (i.quantity > 1 ? `${i.label} × ${i.quantity}` : i.label);

function HandOut({ uid }: { uid: string }) {
  return (
    <StationPerson uid={uid} what={{ loading: 'Wczytywanie przedmiotów', error: 'Nie udało się wczytać przedmiotów.' }}>
      {(person, list) => <HandOutForm uid={uid} person={person} list={list} />}
    </StationPerson>
  );
}

/** Mounted once the list is there: everything waiting starts selected, the usual case being "hand out all". */
function HandOutForm({ uid, person, list }: { uid: string; person: DirectoryEntry; list: StationItem[] }) {
  const { form, submitWith } = useSchemaForm({
    initialValues: { itemIds: waitingIds(list) },
    schema: handOutPickupItemsInput,
    // An item handed out at another table meanwhile drops out of the selection by itself.
    toPayload: (values) => ({ uid, itemIds: stillWaiting(values.itemIds) }),
  });
  const selected = new Set(form.getValues().itemIds);
  const setSelected = (ids: string[]) => form.setFieldValue('itemIds', ids);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const staff = useSessionUser();
  const nextRef = useRef<HTMLAnchorElement>(null);

  const waiting = useMemo(() => list.filter((i) => i.status === 'waiting'), [list]);
  // Read out whether handed out here or at another table meanwhile.
  const announcement = useStatusAnnouncement(
    list,
    (i) => i.id,
    (i) => i.status,
    (changed) => {
      const handedOut = changed.filter((i) => i.status === 'picked').map(handOutLabel);
      return handedOut.length > 0 ? `Wydano: ${handedOut.join(', ')}.` : '';
    },
  );
  useEffect(() => {
    if (isHandedOut(outcome)) nextRef.current?.focus();
  }, [outcome]);

  function stillWaiting(ids: string[]) {
    return waiting.filter((i) => ids.includes(i.id)).map((i) => i.id);
  }
  const chosen = waiting.filter((i) => selected.has(i.id));

  const confirm = submitWith(async (values) => {
    const itemIds = stillWaiting(values.itemIds);
    const handed = waiting.filter((i) => itemIds.includes(i.id));
    const labels = handed.map(handOutLabel);
    setBusy(true);
    setOutcome(null);
    try {
      if (stationOffline() && staff) {
        // No network: recorded on this device, one hand-out per item, sent when the network returns.
        const staffName = staff.displayName ?? staff.email ?? staff.uid;
        await queueHandOut(
          handed.map((i) => ({
            uid,
            itemId: i.id,
            label: i.label,
            quantity: i.quantity,
            personName: person.name,
            staffUid: staff.uid,
            staffName,
          })),
        );
        setOutcome({ kind: 'queued', labels });
      } else {
        // Online, the transactional hand-out that refuses a double hand-out, as always.
        await handOutPickupItems({ uid, itemIds });
        setOutcome({ kind: 'done', labels });
      }
      setSelected([]);
    } catch (err) {
      // The device's own refusals (a copy too old, the store blocked by another tab) say what to do.
      setOutcome({ kind: 'refused', message: refusalOf(err).message });
    } finally {
      setBusy(false);
    }
  });

  const toggle = (item: StationItem, on: boolean) =>
    setSelected(on ? [...selected, item.id] : [...selected].filter((id) => id !== item.id));

  return (
    <StackedForm label="Wydawanie przedmiotów" onSubmit={confirm}>
      <LiveStatus message={announcement} />
      <PersonHeader person={person} />
      {isHandedOut(outcome) && <HandOutResult outcome={outcome} nextRef={nextRef} />}
      {outcome?.kind === 'refused' && (
        <Alert color="red" radius="md" role="alert" title="Nie wydano" data-testid="handout-refusal">
          {outcome.message}
        </Alert>
      )}
      {list.length === 0 ? (
        <NoPaidItems />
      ) : (
        <Stack gap="xs" aria-label="Przedmioty do wydania">
          {waiting.length > 1 && (
            <Group gap="sm">
              <Button variant="subtle" size="md" onClick={() => setSelected(waiting.map((i) => i.id))}>
                Zaznacz wszystkie
              </Button>
              <Button variant="subtle" size="md" color="gray" onClick={() => setSelected([])}>
                Odznacz wszystkie
              </Button>
            </Group>
          )}
          {list.map((item) => (
            <SelectableItem
              key={item.id}
              item={item}
              checked={item.status === 'waiting' && selected.has(item.id)}
              onChange={(on) => toggle(item, on)}
            />
          ))}
        </Stack>
      )}
      <ErrorText>{form.errors._form ?? form.errors.itemIds}</ErrorText>
      {waiting.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ position: 'sticky', bottom: 12 }}>
          <Button
            type="submit"
            size="xl"
            loading={busy}
            disabled={chosen.length === 0}
            data-testid="confirm-handout"
            styles={WRAPPING_BUTTON}
          >
            {chosen.length > 0 ? `Potwierdź wydanie (${chosen.length})` : 'Zaznacz przedmioty'}
          </Button>
          <OtherPersonButton>{isHandedOut(outcome) ? 'Następna osoba' : 'Inna osoba'}</OtherPersonButton>
        </SimpleGrid>
      ) : (
        !isHandedOut(outcome) && <OtherPersonButton />
      )}
    </StackedForm>
  );
}

/** What was just handed out (or recorded on the device), and the way to the next person, focused. */
function HandOutResult({ outcome, nextRef }: { outcome: HandedOut; nextRef: RefObject<HTMLAnchorElement | null> }) {
  const done = outcome.kind === 'done';
  const count = `Wydano ${formatCount(outcome.labels.length, NOUNS.itemAccusative)}`;
  return (
    // Not a live region itself: the page's live status reads the hand-out out once.
    <Alert
      color={done ? 'green' : 'yellow.9'}
      variant="filled"
      radius="md"
      data-testid="handout-result"
      data-queued={!done}
      title={done ? count : `${count} — ${QUEUED_LABEL}`}
    >
      <Stack gap="sm">
        <Text c="white">{outcome.labels.join(', ')}</Text>
        <Button
          ref={nextRef}
          component={Link}
          to={USER_PAGE}
          size="xl"
          variant="white"
          color={done ? 'green' : 'dark'}
          data-testid="next-person"
        >
          Następna osoba
        </Button>
      </Stack>
    </Alert>
  );
}

/** `/dashboard/odbierz/Add?uid=…`: select the person's waiting items and confirm the hand-out. */
export function PickupAddPage() {
  return <StationScreen>{() => <PickupAdd />}</StationScreen>;
}

function PickupAdd() {
  const [params] = useSearchParams();
  const uid = params.get('uid');
  if (!uid || !/^[A-Za-z0-9_-]{1,128}$/.test(uid)) return <Navigate to={USER_PAGE} replace />;
  return <HandOut key={uid} uid={uid} />;
}
