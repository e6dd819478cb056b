import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';

const SECTIONS = ['signIn', 'context', 'language', 'profile', 'help', 'signOut'] as const;

/** A short user manual served by the app (linked from the sign-in page and the top bar). */
export default function ManualPage() {
  const { t } = useTranslation();
  return (
    <article>
      <PageTitle>{t('help:manual.title')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('help:manual.intro')}</Typography>
      {SECTIONS.map((s) => (
        <section key={s} aria-labelledby={`manual-${s}`}>
          <Typography variant="h2" id={`manual-${s}`} sx={{ mt: 3, mb: 1 }}>
            {t(`help:manual.${s}.title`)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{t(`help:manual.${s}.text`)}</Typography>
        </section>
      ))}
    </article>
  );
}
