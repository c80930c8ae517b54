import { useUid } from '../auth';
import { memberName, useGetMembersQuery, useGetTicketClaimsQuery, type MemberEntry } from '../members';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetTicketBasketQuery } from './api';
import { useGetTicketTypesQuery, type TicketTypeEntry } from '../catalogue';
import { quote } from '@domain/words';
import { heldUnits } from '@domain/schemas';
import { formatCount, NOUNS, pluralForm } from '../../shared/format/pl';

interface BasketLine {
  member: MemberEntry;
  type: TicketTypeEntry;
}

/**
 * What stops ordering `inBasket` tickets of a type right now, or null. The type's own name says it
 * is a ticket („Bilet dziecięcy”, „Karnet 3-dniowy”), so the text does not repeat the word.
 */
export function availabilityProblem(
  type: Pick<TicketTypeEntry, 'name' | 'onSale' | 'available'>,
  inBasket: number,
): string | null {
  if (!type.onSale) return `${quote(type.name)} nie jest teraz w sprzedaży.`;
  if (type.available >= inBasket) return null;
  if (type.available === 0) return `${quote(type.name)}: wyprzedane.`;
  return `${quote(type.name)}: ${pluralForm(type.available, NOUNS.left)} tylko ${formatCount(type.available, NOUNS.ticket)}, a w koszyku masz ${formatCount(inBasket, NOUNS.ticket)}.`;
}

/** Basket entries joined with participants and ticket types, plus what stops the order right now. */
export function useTicketCheckout() {
  const uid = useUid();
  const arg = uid ?? skipToken;
  const members = useGetMembersQuery(arg);
  const claims = useGetTicketClaimsQuery(arg);
  const basket = useGetTicketBasketQuery(arg);
  const types = useGetTicketTypesQuery();

  const lines: BasketLine[] = [];
  const problems: string[] = [];
  for (const member of members.data ?? []) {
    const typeId = basket.data?.[member.id];
    if (!typeId) continue;
    const type = types.data?.find((t) => t.id === typeId);
    if (!type) {
      problems.push(`${memberName(member)}: wybrany bilet nie jest już dostępny — wybierz inny.`);
      continue;
    }
    lines.push({ member, type });
  }
  const perType = new Map<string, number>();
  for (const l of lines) perType.set(l.type.id, (perType.get(l.type.id) ?? 0) + 1);
  for (const [typeId, count] of perType) {
    const type = types.data!.find((t) => t.id === typeId)!;
    // Units held by waiting-list offers may be this account's (an offer put the ticket in the basket):
    // whose they are is the server's to decide at the order (docs/waiting-list.md).
    const problem = availabilityProblem({ ...type, available: type.available + heldUnits(type) }, count);
    if (problem) problems.push(problem);
  }
  for (const l of lines) {
    if (claims.data?.[l.member.id]?.[l.type.id]) problems.push(`${memberName(l.member)} ma już ${quote(l.type.name)}.`);
  }
  const totalGross = lines.reduce((s, l) => s + l.type.priceGrosze, 0);
  const isLoading = members.isLoading || basket.isLoading || types.isLoading || claims.isLoading;
  const isError = members.isError || basket.isError || types.isError || claims.isError;
  const error = members.error ?? basket.error ?? types.error ?? claims.error;
  return { uid, members, claims, basket, types, lines, problems, totalGross, isLoading, isError, error };
}
