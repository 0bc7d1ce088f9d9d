// The app bar's language switch: English or Simplified Chinese (the i18n provider's locales). The
// choice is kept in react-admin's store (this browser), and a language other than English loads its
// messages on first use.
import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

export const LanguageMenu = () => {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (locales.length < 2) return null;
  const label = translate('common.language.label');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            lang={l.locale}
            onClick={() => {
              setAnchor(null);
              setLocale(l.locale);
            }}
          >
            <ListItemText>{l.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
