import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../shared/components/DateField';
import { RhfText } from '../design/components/common';
import type { ResearchFieldName, ResearchFormInput } from './researchForm';

type FormControl = Control<ResearchFormInput, unknown, FieldValues>;

/** An ordered list of labels typed as chips (points, randomisation groups): Enter adds, Backspace removes. */
function ChipListField({ control, name, label }: { control: FormControl; name: 'pointList' | 'groupList'; label: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={field.value}
          onChange={(_, value) => field.onChange([...new Set(value.map((v) => v.trim()).filter(Boolean))])}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} label={option} size="small" {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              margin="dense"
              label={label}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('researches:chipHint')}
            />
          )}
        />
      )}
    />
  );
}

const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** The inputs of the research create dialog and of the research info edit (spec section 3). */
export function ResearchFields({
  control,
  required,
  withIwrs,
}: {
  control: FormControl;
  required: ReadonlySet<ResearchFieldName>;
  /** The IWRS checkbox: on creation only (afterwards it has its own toggle). */
  withIwrs?: boolean;
}) {
  const { t } = useTranslation();
  const text = (name: ResearchFieldName, extra: Partial<Omit<TextFieldProps, 'name'>> = {}) => (
    <RhfText control={control} name={name} label={t(`researches:field.${name}`)} required={required.has(name)} {...extra} />
  );
  const date = (name: 'protocolVersionDate' | 'grlsStartDate') => (
    <DateField
      control={control}
      name={name}
      label={t(`researches:field.${name}`)}
      required={required.has(name)}
      fullWidth
      margin="dense"
    />
  );
  const count = { type: 'number', slotProps: { htmlInput: { min: 0, step: 1 } } } as const;
  return (
    <>
      <Box sx={grid}>
        {text('grlsProtocolNumber', { autoFocus: true })}
        {text('mnn')}
        {text('protocolVersion')}
        {date('protocolVersionDate')}
        {date('grlsStartDate')}
        {text('grlsPhase')}
      </Box>
      {text('sponsor')}
      {text('grlsProtocol', { multiline: true, minRows: 2 })}
      <Box sx={grid}>
        {text('grlsRkiNumber', count)}
        {text('plannedSubject', count)}
        {text('totalPeriods', { type: 'number', slotProps: { htmlInput: { min: 1, max: 100, step: 1 } } })}
        {text('researchKey')}
        {text('drTrialId')}
      </Box>
      <ChipListField control={control} name="pointList" label={t('researches:field.pointList')} />
      <ChipListField control={control} name="groupList" label={t('researches:field.groupList')} />
      {withIwrs && (
        <Controller
          name="withIwrs"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('researches:field.withIwrs')}
            />
          )}
        />
      )}
    </>
  );
}
