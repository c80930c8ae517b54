import { within } from '@testing-library/react';

/** The texts of a table row's cells, in order. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
