import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatVersionIndex, type VersionIndex } from '@edc/domain';
import { RhfText } from '../design/components/common';
import type { NewVersionInput, NewVersionOutput } from './newVersionForm';

/**
 * The index of a new version: major and minor numbers, with the two offered indexes (the minor and the
 * major increment of the last version, spec section 4) one click or key press away.
 */
export function IndexFields({
  form,
  offered,
  autoFocus,
}: {
  form: UseFormReturn<NewVersionInput, unknown, NewVersionOutput>;
  offered: readonly VersionIndex[];
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const pick = (index: VersionIndex) => {
    const options = { shouldValidate: form.formState.isSubmitted };
    form.setValue('majorIndex', index.majorIndex, options);
    form.setValue('minorIndex', index.minorIndex, options);
  };
  const number = { htmlInput: { min: 0, max: 9999, step: 1, inputMode: 'numeric' as const } };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ p: 0, typography: 'subtitle2' }}>
        {t('versions:research.index')}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <RhfText
          control={control}
          name="majorIndex"
          label={t('versions:research.majorIndex')}
          type="number"
          required
          autoFocus={autoFocus}
          slotProps={number}
        />
        <RhfText
          control={control}
          name="minorIndex"
          label={t('versions:research.minorIndex')}
          type="number"
          required
          slotProps={number}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('versions:research.offered')}
        </Typography>
        {offered.map((o) => {
          const index = formatVersionIndex(o);
          return (
            <Chip
              key={index}
              size="small"
              variant="outlined"
              label={index}
              onClick={() => pick(o)}
              aria-label={t('versions:research.useIndex', { index })}
            />
          );
        })}
      </Box>
    </Box>
  );
}
