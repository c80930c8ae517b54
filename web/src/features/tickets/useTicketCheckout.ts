import { useAppSelector } from '../../app/store/hooks';
import { selectUser } from '../auth';
import { memberName, useGetMembersQuery, useGetTicketClaimsQuery, type MemberEntry } from '../members';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetTicketBasketQuery } from './api';
import { useGetTicketTypesQuery, type TicketTypeEntry } from './catalogApi';

export interface BasketLine {
  member: MemberEntry;
  type: TicketTypeEntry;
}

/** Basket entries joined with participants and ticket types, plus what stops the order right now. */
export function useTicketCheckout() {
  const uid = useAppSelector(selectUser)?.uid;
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
      problems.push(`Bilet wybrany dla: ${memberName(member)} nie jest już dostępny — wybierz inny.`);
      continue;
    }
    lines.push({ member, type });
  }
  const perType = new Map<string, number>();
  for (const l of lines) perType.set(l.type.id, (perType.get(l.type.id) ?? 0) + 1);
  for (const [typeId, count] of perType) {
    const type = types.data!.find((t) => t.id === typeId)!;
    if (!type.onSale) problems.push(`Bilet „${type.name}” nie jest teraz w sprzedaży.`);
    else if (type.available < count) problems.push(type.available === 0 ? `Bilety „${type.name}” są wyprzedane.` : `Zostało tylko ${type.available} biletów „${type.name}”, a w koszyku jest ${count}.`);
  }
  for (const l of lines) {
    if (claims.data?.[l.member.id]?.[l.type.id]) problems.push(`${memberName(l.member)} ma już bilet „${l.type.name}”.`);
  }
  const totalGross = lines.reduce((s, l) => s + l.type.priceGrosze, 0);
  const isLoading = members.isLoading || basket.isLoading || types.isLoading || claims.isLoading;
  const isError = members.isError || basket.isError || types.isError;
  return { uid, members, claims, basket, types, lines, problems, totalGross, isLoading, isError };
}
