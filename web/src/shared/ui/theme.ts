import { createTheme, localStorageColorSchemeManager, type MantineColorsTuple } from '@mantine/core';

/** "Bałtyk": the custom blue primary palette, lightest to darkest (index 6 is the filled shade in light mode). */
export const baltyk: MantineColorsTuple = [
  '#e8f2ff',
  '#cfe1fd',
  '#9fc1f5',
  '#6b9fee',
  '#4182e8',
  '#2770e4',
  '#1565d8',
  '#0654c0',
  '#004aad',
  '#003f99',
];

/** Key under which Mantine keeps the colour mode (light / dark / auto); index.html reads it before first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'panel-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'baltyk',
  primaryShade: { light: 7, dark: 5 },
  colors: { baltyk },
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's own icon-only buttons get Polish accessible names (its defaults are English or none).
  // Plain objects rather than Component.extend(): importing the components here would put them in
  // the sign-in page's bundle.
  components: {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Pokaż lub ukryj hasło' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Zamknij okno' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Zamknij panel' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Zamknij komunikat' } },
    // A badge carries a status, so it is never cut to „DO ODBI…”: it keeps its width in a row of
    // text and, when a column is narrower than the badge, wraps inside it instead.
    Badge: {
      styles: {
        root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3, paddingBlock: 2, overflowWrap: 'anywhere' },
      },
    },
  },
});
