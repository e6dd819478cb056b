import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Me } from '@edc/domain';
import { applyLanguage, currentLanguage, isLanguage } from './i18n';
import { meKey, useUpdateUser } from '../features/identity/api';
import { hasToken } from '../shared/api/session';

/**
 * RU/EN switch. Signed in, the choice is saved on the user (PUT /Users/{id}/) so it follows the user to
 * other devices; signed out, it is remembered on this device only.
 */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const update = useUpdateUser({ quietSuccess: true });
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();

  const change = (next: Language) => {
    void applyLanguage(next);
    const me = qc.getQueryData<Me>(meKey);
    if (hasToken() && me && me.user.language !== next) {
      qc.setQueryData<Me>(meKey, { ...me, user: { ...me.user, language: next } });
      update.mutate({ id: me.user.id, patch: { language: next } });
    }
  };

  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={t('common:language.label')}
      onChange={(_, next: unknown) => {
        if (isLanguage(next)) change(next);
      }}
      sx={
        onDark
          ? {
              '& .MuiToggleButton-root': {
                color: 'inherit',
                borderColor: 'rgba(255,255,255,0.5)',
                px: 1,
                py: 0.25,
                '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' },
                '&.Mui-selected, &.Mui-selected:hover': {
                  color: 'inherit',
                  backgroundColor: 'rgba(255,255,255,0.28)',
                  fontWeight: 700,
                },
                '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: 1 },
              },
            }
          : { '& .MuiToggleButton-root': { px: 1, py: 0.25 } }
      }
    >
      {LANGUAGES.map((lang) => (
        <ToggleButton key={lang} value={lang} lang={lang} aria-label={t(`common:language.${lang}`)}>
          {lang.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
