import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProviders } from '../app/providers';

export function renderWithTheme(ui: ReactElement) {
  return render(<ThemeProviders>{ui}</ThemeProviders>);
}
