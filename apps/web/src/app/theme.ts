import { createTheme } from '@mui/material/styles';
import { ruRU, enUS } from '@mui/material/locale';
import type { Language } from '@edc/domain';

/** Spec section 9: MUI breakpoints with lg at 1140. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1140, xl: 1536 } as const;
export const DRAWER_WIDTH = 340;

export function buildTheme(lang: Language) {
  return createTheme(
    {
      breakpoints: { values: BREAKPOINTS },
      palette: {
        primary: { main: '#1f5fa8' },
        secondary: { main: '#00796b' },
        background: { default: '#f4f6f9' },
      },
      shape: { borderRadius: 8 },
      typography: {
        h1: { fontSize: '1.75rem', fontWeight: 600 },
        h2: { fontSize: '1.375rem', fontWeight: 600 },
        h3: { fontSize: '1.125rem', fontWeight: 600 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            // A visible focus ring for keyboard users on links and other non-MUI focusables.
            'a:focus-visible, [tabindex]:focus-visible': { outline: '2px solid #1f5fa8', outlineOffset: 2 },
          },
        },
        MuiButtonBase: { defaultProps: { disableRipple: false } },
        MuiButton: {
          styleOverrides: {
            root: {
              textTransform: 'none',
              '&.Mui-focusVisible': { outline: '2px solid #1f5fa8', outlineOffset: 2 },
            },
          },
        },
        MuiIconButton: {
          styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #1f5fa8', outlineOffset: 2 } } },
        },
        MuiListItemButton: {
          styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #1f5fa8', outlineOffset: -2 } } },
        },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
        MuiTab: { styleOverrides: { root: { textTransform: 'none', fontSize: '0.95rem' } } },
      },
    },
    lang === 'en' ? enUS : ruRU,
  );
}
