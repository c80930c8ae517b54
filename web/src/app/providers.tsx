import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme, colorSchemeManager, cssVariablesResolver } from '../shared/ui/theme';

/** Theme and colour mode; shared by the app and the start-up error screen. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}
