import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { THEME_BACKGROUND } from '../../contract/document';

/** Page backgrounds, also painted by index.html's inline theme script before React loads. */
export const BACKGROUND = THEME_BACKGROUND;

const withShared = (base: RaThemeOptions, palette: RaThemeOptions['palette']): RaThemeOptions => ({
  ...base,
  palette: {
    ...base.palette,
    // a colour's text (a filled chip's, a button's) is the one with at least WCAG AA contrast (4.5:1),
    // not MUI's default threshold of 3:1
    contrastThreshold: 4.5,
    ...palette,
  },
  shape: { borderRadius: 8 },
  sidebar: { width: 260, closedWidth: 64 },
  components: {
    ...base.components,
    MuiFormHelperText: {
      styleOverrides: {
        // A disabled or read-only field's help still says something to read ("Your e-mail is changed
        // by an operator", "Choose the company first"): the secondary text colour (at least 4.5:1),
        // not MUI's disabled grey (about 2.3:1 on white). react-admin's `readOnly` disables the field.
        root: ({ theme }: { theme: Theme }) => ({
          '&.Mui-disabled': { color: theme.palette.text.secondary },
        }),
      },
    },
    RaEmpty: {
      styleOverrides: {
        // an empty list's "No segment yet" is read, not decoration: the secondary text colour (at
        // least 4.5:1) instead of react-admin's disabled grey (about 2.6:1 on the light page)
        root: ({ theme }: { theme: Theme }) => ({
          '& .RaEmpty-message': { color: theme.palette.text.secondary },
        }),
      },
    },
    MuiCircularProgress: {
      ...base.components?.MuiCircularProgress,
      defaultProps: {
        ...base.components?.MuiCircularProgress?.defaultProps,
        // a spinner is a progressbar, which needs a name (axe aria-progressbar-name): the ones that
        // pass their translated label keep it; any other says at least this
        'aria-label': 'Loading',
      },
    },
    MuiLinearProgress: {
      ...base.components?.MuiLinearProgress,
      defaultProps: {
        ...base.components?.MuiLinearProgress?.defaultProps,
        // as the spinner: react-admin's loading bar (a slow page's) is a progressbar that needs a name
        'aria-label': 'Loading',
      },
    },
    MuiCheckbox: {
      ...base.components?.MuiCheckbox,
      defaultProps: {
        ...base.components?.MuiCheckbox?.defaultProps,
        // A checkbox's aria-label names its <input>, not the <span> around it, where MUI puts it
        // (react-admin's row checkboxes pass only aria-label): an unnamed input, and a label
        // ARIA prohibits on a span without a role.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: CheckboxOwnerState) => ({ 'aria-label': ownerState['aria-label'] }),
        },
      },
    },
  },
});

// The status colours are darker (light) or lighter (dark) than MUI's defaults: as text on the page,
// on a card and on a table row, and behind a filled chip's text, each keeps at least 4.5:1 (WCAG AA).
export const lightTheme: RaThemeOptions = withShared(defaultLightTheme, {
  mode: 'light',
  primary: { main: '#1f5fbf' },
  secondary: { main: '#0f7a6c' },
  warning: { main: '#a84d00' },
  info: { main: '#0369a1' },
  background: { default: BACKGROUND.light, paper: '#ffffff' },
});

export const darkTheme: RaThemeOptions = withShared(defaultDarkTheme, {
  mode: 'dark',
  primary: { main: '#7fb0ff' },
  secondary: { main: '#5fd3c2' },
  error: { main: '#e57373' },
  background: { default: BACKGROUND.dark, paper: '#1c1f24' },
});
