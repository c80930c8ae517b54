import {
  createTheme,
  darken,
  getPrimaryShade,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** "Bałtyk": the custom blue primary palette, lightest to darkest (index 6 is the filled shade in light mode). */
const baltyk: MantineColorsTuple = [
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
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
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
    // Every alert is the light kind (a filled one says so where it stands).
    Alert: { defaultProps: { variant: 'light', closeButtonLabel: 'Zamknij komunikat' } },
    // A badge carries a status, so it is never cut to „DO ODBI…”: it keeps its width in a row of
    // text and, when a column is narrower than the badge, wraps inside it instead — between words:
    // `break-word` (unlike `anywhere`) keeps the longest word in the badge's min-content width, so a
    // table column never shrinks it to „OCZ/EKUJ/E”; only a word longer than the whole box breaks.
    Badge: {
      styles: {
        root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
        label: {
          whiteSpace: 'normal',
          overflow: 'visible',
          textOverflow: 'clip',
          lineHeight: 1.3,
          paddingBlock: 2,
          overflowWrap: 'break-word',
        },
      },
    },
  },
});

/** WCAG 2 contrast ratio of two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text. */
const AA_TEXT = 4.5;

/** The colour, darkened (or lightened) in small steps until it reaches AA contrast against `background`. */
function readableOn(color: string, background: string, direction: 'darker' | 'lighter'): string {
  const shift = direction === 'darker' ? darken : lighten;
  for (let amount = 0; amount <= 1; amount += 0.04) {
    const candidate = amount === 0 ? color : shift(color, amount);
    if (contrastRatio(candidate, background) >= AA_TEXT) return candidate;
  }
  return direction === 'darker' ? '#000' : '#fff';
}

// Backgrounds text sits on: the body and the slightly tinted surfaces (gray.0 cards and table
// stripes in light mode, dark.6 inputs and cards in dark mode). Text that reads on the harder one
// reads on both.
const LIGHT_SURFACE = '#f8f9fa';
const DARK_SURFACE = '#2e2e2e';

/**
 * Mantine's default text colours fall short of WCAG AA contrast in several places (dimmed text is
 * 3.3:1 on white, light badges 3.6:1, white on a filled teal or green badge 2.8–4:1, links in dark
 * mode 4.1:1). The same design, with each of those colours moved just far enough to read at 4.5:1:
 * dimmed text, link colour, every palette's text colour, light-variant text (against its own tinted
 * background) and filled backgrounds (against white text).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(theme.colors.gray[6], LIGHT_SURFACE, 'darker'),
    '--mantine-color-anchor': readableOn(
      theme.colors[theme.primaryColor][getPrimaryShade(theme, 'light')],
      LIGHT_SURFACE,
      'darker',
    ),
    // Placeholders drawn as text (a file field's „Wybierz plik…”) are read like any other text.
    '--mantine-color-placeholder': readableOn(theme.colors.gray[5], LIGHT_SURFACE, 'darker'),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(theme.colors.dark[2], DARK_SURFACE, 'lighter'),
    '--mantine-color-anchor': readableOn(theme.colors[theme.primaryColor][4], DARK_SURFACE, 'lighter'),
    '--mantine-color-placeholder': readableOn(theme.colors.dark[3], DARK_SURFACE, 'lighter'),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const lightFilled = readableOn(shades[getPrimaryShade(theme, 'light')], '#fff', 'darker');
    const darkFilled = readableOn(shades[getPrimaryShade(theme, 'dark')], '#fff', 'darker');
    light[`--mantine-color-${name}-filled`] = lightFilled;
    light[`--mantine-color-${name}-text`] = readableOn(lightFilled, LIGHT_SURFACE, 'darker');
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1], 'darker');
    dark[`--mantine-color-${name}-filled`] = darkFilled;
    dark[`--mantine-color-${name}-text`] = readableOn(shades[4], DARK_SURFACE, 'lighter');
  }
  return { variables: {}, light, dark };
};
