import { createTheme } from '@mui/material/styles';
import { ruRU, enUS } from '@mui/material/locale';
import type { Language } from '@edc/domain';
import i18n from './i18n';
import { countText } from './locale-format';

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
    tablePaging(lang),
  );
}

/**
 * Every server-paged table: first and last page buttons (a research's matrix runs to thousands of pages, and its
 * last page costs what its first does) and the range and total written as the language writes numbers. Merged
 * after MUI's locale, whose labels it replaces.
 */
function tablePaging(lang: Language) {
  const t = i18n.getFixedT(lang, 'common');
  const n = (value: number) => countText(value, lang);
  return {
    components: {
      MuiTablePagination: {
        defaultProps: {
          showFirstButton: true,
          showLastButton: true,
          labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
            t('paging.shown', {
              from: n(from),
              to: n(to),
              count: count === -1 ? t('paging.moreThan', { n: n(to) }) : n(count),
            }),
          getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => t(`paging.${type}`),
        },
      },
    },
  };
}
